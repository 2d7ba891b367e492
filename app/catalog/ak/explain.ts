import type { explain as english } from "~/catalog/en/explain";
import type { TwiTexts } from "~/catalog/ak/types";

/** Words that explain money actions where investors meet them, in Twi. */
export const explain: TwiTexts<typeof english> = {
  "explain.processing": "Ɛreyɛ adwuma...",
  "explain.risk.EGG":
    "Asiane {score} wɔ 100 mu; sɛ ɛkɔ soro a, asiane no yɛ kɛseɛ. Ɛka nkokɔ a wɔsusu sɛ wɔbɛwuwu, sɛnea afe mfasoɔ no nnu 100%, ne nkyɛfa a wɔntɔn ɛ mmaa ho bom. Kɔsi 30 yɛ Ketewa, kɔsi 60 yɛ Mfinimfini, ɛboro 60 a ɛyɛ Kɛseɛ.",
  "explain.risk.CHICKEN":
    "Asiane {score} wɔ 100 mu; sɛ ɛkɔ soro a, asiane no yɛ kɛseɛ. Ɛkɔ soro sɛ nkokɔ a wɔsusu sɛ wɔbɛwuwu dɔɔso anaa kyinhyia biara mfasoɔ sua a. Kɔsi 30 yɛ Ketewa, kɔsi 60 yɛ Mfinimfini, ɛboro 60 a ɛyɛ Kɛseɛ.",
  "explain.audit": "Audit bue nkokɔ kuw no krataafa: nkokɔ afuo no da biara nkrataa, sensa nsɛm, ne sika a nkokɔ afuo no de abrɛ.",
  "explain.overdue": "Nkokɔ afuo no mfa akatua yi sika mmrɛɛ yɛn ɛ. Sɛ sika no ba, anaa ɔhwɛfoɔ bi fa fi sika sie mu tua a, yɛtua wo; yɛbɛbɔ wo amanneɛ sɛ yɛatua.",
  "explain.reinvest": "Fa hyɛ mu bio tɔ nkokɔ kuw koro no ara nkyɛfa bio de sika a ɛwɔ wo sika kotoku mu.",
};
