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
  "investDialogs.income.EGG": "Mfasoɔ a yɛhwɛ kwan: {net} bosome biara, wɔatwa towa a wɔtwa fi mu akyi.",
  "investDialogs.income.CHICKEN": "Nea yɛhwɛ kwan wɔ otwa bere: mfasoɔ {net}, wɔatwa towa a wɔtwa fi mu akyi, ne wo {cost} a ɛsan ba.",
  "investDialogs.dates.EGG": "Akatua a edi kan bɛba {date} ({period} mfasoɔ), na afei bosome biara; yɛhwɛ kwan sɛ nkokɔ kuw no bɛba awieeɛ bɛyɛ {end}.",
  "investDialogs.datesAbout.EGG":
    "Akatua a edi kan ba bɛyɛ bosome 3 wɔ nkokɔ kuw no mfiaseɛ akyi (nkokɔ no fi ase to nkesua bosome 2 a wɔtete wɔn akyi), na afei bosome biara; nkokɔ kuw no ba awieeɛ bɛyɛ bosome 17 wɔ ne mfiaseɛ akyi.",
  "investDialogs.dates.CHICKEN": "Yɛhwɛ kwan sɛ otwa bere bɛba {from} ne {to} ntam, bere a nkokɔ kuw no ba awieeɛ na ɛtua.",
  "investDialogs.datesAbout.CHICKEN": "Otwa bere ba nnawɔtwe 6-8 wɔ nkokɔ kuw no mfiaseɛ akyi, bere a ɛba awieeɛ na ɛtua.",
  "investDialogs.moneyOut.EGG":
    "Sɛnea wobɛnya wo sika: bosome baako wɔ nkokɔ kuw no mfiaseɛ akyi no, wobɛtumi abisa sɛ wofi mu ntɛm; sɛ yɛnya obi a ɔbɛtɔ a, yɛtɔn wo kyɛfa ma sikahyɛfoɔ foforɔ wɔ ne bo ankasa so, na yɛtwa ɛka 3-7% fi mu. Anyɛ saa a, wo sika titiriw san ba bere a nkokɔ kuw no ato mu.",
  "investDialogs.moneyOut.CHICKEN": "Sɛnea wobɛnya wo sika: Chicken Notes deɛ, wontumi mfi mu kosi otwa bere; saa bere no na yɛtua wo sika titiriw ne mfasoɔ.",
  "investDialogs.capitalAtRisk": "Yɛnhyɛ bɔ sɛ wo sika titiriw bɛsan aba: sika a wode hyɛ mu no fa anaa ne nyinaa bɛtumi ayera.",
  "investDialogs.autoReinvest.EGG": "Fa hyɛ mu bio ankasa bere a ɛbɛba awieeɛ",
  "investDialogs.autoReinvestRule.EGG":
    "Sɛ nkokɔ kuw yi ba awieeɛ a, me sika titiriw bɛtɔ nkesua nkokɔ kuw a ɛbɛbue a edi hɔ no kyɛfa mua. Nea aka, ne bosome biara mfasoɔ nyinaa, bɛkɔ me sika kotoku mu.",
  "investDialogs.autoReinvest.CHICKEN": "Fa hyɛ mu bio ankasa wɔ otwa bere",
  "investDialogs.autoReinvestRule.CHICKEN": "Me otwa bere sika bɛtɔ nkokɔ nam nkokɔ kuw a ɛbɛbue a edi hɔ no kyɛfa mua. Nea aka bɛkɔ me sika kotoku mu.",
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
  "investDialogs.loginToExit": "Yɛsrɛ wo, wura mu na woabisa sɛ wobɛfi mu ntɛm.",
  "investDialogs.canOffer": {
    one: "Wobɛtumi de wo kyɛfa {count} no mu {canOffer} ato dwa so ({offered} wɔ dwa so dedaw).",
    other: "Wobɛtumi de wo nkyɛfa {count} no mu {canOffer} ato dwa so ({offered} wɔ dwa so dedaw).",
  },
  "investDialogs.previewTitle": { one: "Sɛ obi tɔ kyɛfa {count} a", other: "Sɛ obi tɔ nkyɛfa {count} a" },
  "investDialogs.atPar": "Ne bo pɛpɛɛpɛ",
  "investDialogs.fee": "Adwumayɛ ka ({rate})",
  "investDialogs.youReceive": "Nea wobɛnya",
  "investDialogs.fillsWhen": "Wo dwa so nkyɛfa no tɔn bere a obi atɔ nko ara. Ansa na ɛbɛba saa no, nkyɛfa no yɛ wo dea, na wobɛtumi atwa dwa so ahyɛdeɛ no mu wɔ wo sikasɛm so.",
  "investDialogs.checkCost": "Hwɛ ne ka",
};
