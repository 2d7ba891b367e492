import type { receipt as english } from "~/catalog/en/receipt";
import type { TwiTexts } from "~/catalog/ak/types";

/** A printable receipt for one investment, in Twi. */
export const receipt: TwiTexts<typeof english> = {
  "receipt.title": "Sikahyɛ #{id} tua ho krataa",
  "receipt.description": "Wo Akoko sikahyɛ baako tua ho krataa a wobɛtumi atintim.",
  "receipt.usePrint": "Fa wo browser Print na kora bi anaa fa sie sɛ PDF.",
  "receipt.print": "Tintim tua ho krataa",
  "receipt.tagline": "Nkokɔ sikahyɛ a yɛbom yɛ, wɔ Ghana sidi mu",
  "receipt.reference": "Nɔma a wode bɛkyerɛ",
  "receipt.issuedTo": "Yɛde ama {investor}",
  "receipt.batch": "Nkokɔ kuw",
  "receipt.batchValue": "Nkokɔ kuw #{batchId} ({product})",
  "receipt.eggNote": "Egg Note",
  "receipt.chickenNote": "Chicken Note",
  "receipt.farm": "Nkokɔ afuo",
  "receipt.farmValue": "{farm}, {location}",
  "receipt.units": "Kyɛfa",
  "receipt.unitPrice": "Kyɛfa bo",
  "receipt.amount": "Sika",
  "receipt.date": "Da",
  "receipt.statusNow": "Tebea seesei",
  "receipt.status.ACTIVE": "ƐREKƆ SO",
  "receipt.status.PAID": "YƐATUA",
  "receipt.status.EXITED": "WOAFI MU",
  "receipt.paidBy": "Ɔkwan a wofaa so tuaeɛ",
  "receipt.noEntry": "Akontaa nhoma mu nni saa asɛm yi",
  "receipt.entry": "Akontaa nhoma asɛm #{id} ({what}, {when})",
  "receipt.toEscrow": "efi sika kotoku mu kɔ nkokɔ kuw no sika sie mu",
  "receipt.toSeller": "efi sika kotoku mu kɔ nea ɔtɔnee no",
  "receipt.boughtFromExit": "Wotɔɔ kyɛfa yi fii sikahyɛfoɔ foforɔ a ɔfii mu ntɛm nkyɛn, wɔ ne bo ankasa so.",
  "receipt.quoteReference": "Sɛ wowɔ asɛmmisa biara fa sikahyɛ yi ho a, ka nɔma yi. Yɛnhyɛ bɔ sɛ wo sika titiriw bɛsan aba; hwɛ Asiane ho nkaeɛ ne Mmara no.",
};
