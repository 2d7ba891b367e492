import type { batchCard as english } from "~/catalog/en/batch-card";
import type { TwiTexts } from "~/catalog/ak/types";

/** A batch's badges, figures, sensor strip and timeline, in Twi. */
export const batchCard: TwiTexts<typeof english> = {
  "batchCard.status.OPEN": "ƐABUE",
  "batchCard.status.ACTIVE": "ƐREKƆ SO",
  "batchCard.status.CLOSED": "AWIE",
  "batchCard.status.HARVESTED": "WƆATWA",
  "batchCard.risk": "Asiane: {band} · {score}",
  "batchCard.riskTitle": "Asiane {score} wɔ 100 mu",
  "batchCard.band.Low": "Ketewa",
  "batchCard.band.Medium": "Mfinimfini",
  "batchCard.band.High": "Kɛseɛ",
  "batchCard.tone.ok": "ɛyɛ",
  "batchCard.tone.warm": "ɛyɛ hyehye",
  "batchCard.tone.cold": "ɛyɛ nwini",
  "batchCard.tone.flag": "ɛboro so",
  "batchCard.tone.warning": "hwɛ yie",
  "batchCard.tone.danger": "asiane",
  "batchCard.tone.none": "nsusuiɛ biara nni hɔ",
  "batchCard.houseConditions": "Nkokɔ dan no tebea",
  "batchCard.timeline": "Bere ntoatoasoɔ",
  "batchCard.now": " (seesei)",
  "batchCard.unitPrice": "Kyɛfa bo",
  "batchCard.availableEarlyExit": "Nea aka (fi mu ntɛm)",
  "batchCard.availableUnits": "Kyɛfa a aka",
  "batchCard.feedCost": "Nkokɔ aduane ka kg biara",
  "batchCard.mortality": "Nkokɔ a yɛhwɛ kwan sɛ wɔbɛwuwu",
  "batchCard.startDate": "Da a efi ase",
  "batchCard.notStarted": "Ɛmfii ase ɛnnɛ",
  "batchCard.certifications": "Adansedie",
  "batchCard.roiHistory": "ROI a atwam, ɔha mu nkyɛmu",
};
