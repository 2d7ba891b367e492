import type { investDialogs as english } from "~/catalog/en/invest-dialogs";
import type { TwiTexts } from "~/catalog/ak/types";

/** The invest and early-exit dialogs, in Twi. */
export const investDialogs: TwiTexts<typeof english> = {
  "investDialogs.loginToInvest": "Yɛsrɛ wo, wura mu na wode sika ahyɛ mu.",
  "investDialogs.batchLine": "{product} · {farm}, {location} · {price} kyɛfa baako · kyɛfa {available} aka · {status}",
  "investDialogs.product.EGG": "Egg Note",
  "investDialogs.product.CHICKEN": "Chicken Note",
  "investDialogs.wallet": "Sika a aka wɔ wo sika kotoku mu: {balance} {deposit}",
  "investDialogs.deposit": "Fa sika to mu",
  "investDialogs.back": "San kɔ nkokɔ kuw no so",
  "investDialogs.units": "Kyɛfa",
  "investDialogs.between": "Efi 1 kosi {max}.",
  "investDialogs.cost": "Ne bo: {cost}{each}",
  "investDialogs.costEach": " ({price} x kyɛfa)",
  "investDialogs.autoReinvest.EGG": "Fa hyɛ mu bio ankasa bere a ɛbɛba awieeɛ",
  "investDialogs.autoReinvestRule.EGG":
    "Sɛ nkokɔ kuw yi ba awieeɛ a, me sika titiriw bɛtɔ Egg nkokɔ kuw a ɛbɛbue a edi hɔ no kyɛfa mua. Nea aka, ne bosome biara mfasoɔ nyinaa, bɛkɔ me sika kotoku mu.",
  "investDialogs.autoReinvest.CHICKEN": "Fa hyɛ mu bio ankasa wɔ otwa bere",
  "investDialogs.autoReinvestRule.CHICKEN": "Me otwa bere sika bɛtɔ Chicken nkokɔ kuw a ɛbɛbue a edi hɔ no kyɛfa mua. Nea aka bɛkɔ me sika kotoku mu.",
  "investDialogs.accept.EGG": "Mepene Mmara no ne Asiane ho nkaeɛ no so.",
  "investDialogs.accept.CHICKEN": "Minim sikahyɛ mmara no: Mmara no ne Asiane ho nkaeɛ; wɔnhyɛ bɔ sɛ me sika titiriw bɛsan aba.",
  "investDialogs.readTerms": "Kenkan {terms} ne {risk}.",
  "investDialogs.terms": "Mmara no",
  "investDialogs.risk": "Asiane ho nkaeɛ",
  "investDialogs.invest": "Fa sika hyɛ mu",
  "investDialogs.investTitle": "Fa sika hyɛ nkokɔ kuw #{id} mu",
  "investDialogs.exitTitle": "Fi nkokɔ kuw #{id} mu ntɛm",
  "investDialogs.exitHolding": "{farm}, {location} · {status} · wowɔ kyɛfa {units}.",
  "investDialogs.exitRule":
    "Bosome baako wɔ nkokɔ kuw no mfiaseɛ akyi no, wobɛtumi de Egg Notes ama sɛ wofi mu ntɛm. Sɛ yɛnya obi a ɔbɛtɔ a, yɛtɔn wo kyɛfa ma sikahyɛfoɔ foforɔ wɔ ne bo ankasa so, na yɛtwa ɛka (3-7%) fi mu.",
  "investDialogs.requestExit": "Bisa sɛ wobɛfi mu",
  "investDialogs.notFound": "Yɛanhu nkokɔ kuw no",
  "investDialogs.logIn": "Wura mu",
  "investDialogs.createAccount": "Bue akawnt",
};
