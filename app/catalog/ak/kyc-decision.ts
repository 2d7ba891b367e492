import type { kycDecision as english } from "~/catalog/en/kyc-decision";
import type { TwiTexts } from "~/catalog/ak/types";

/** Our note on a KYC decision, in Twi (provisional: awaiting a native speaker's review). */
export const kycDecision: TwiTexts<typeof english> = {
  "kycDecision.approvedAfterReview": "Yɛhwɛɛ mu na yɛpene so.",
  "kycDecision.reason.PHOTO_UNCLEAR": "Mfonini bi nna hɔ pefee a yɛbɛtumi akenkan.",
  "kycDecision.reason.NAME_MISMATCH": "Din a ɛwɔ ID no so nyɛ din a wokyerɛwee no.",
  "kycDecision.reason.NUMBER_NOT_FOUND": "Yɛanhunu ID nɔma a wokyerɛwee no.",
  "kycDecision.reason.DOCUMENT_EXPIRED": "ID krataa no bere atwam.",
  "kycDecision.reason.OTHER": "Yɛsrɛ wo, frɛ yɛn na yɛnkyerɛ wo deɛ enti.",
  "kycDecision.reasonNote": "{note}",
};
