import type { kycRules as english } from "~/catalog/en/kyc-rules";
import type { TwiTexts } from "~/catalog/ak/types";

/** The identity tiers' rules, in Twi (the tiers named as on the KYC page). */
export const kycRules: TwiTexts<typeof english> = {
  "kycRules.tier.REGISTERED": "Mfiaseɛ",
  "kycRules.tier.VERIFIED": "Yɛahwɛ mu",
  "kycRules.tier.ENHANCED": "Yɛahwɛ mu yie",
  "kycRules.raise.REGISTERED": "Ma yɛnhwɛ wo ho wɔ KYC krataafa no so na ama ano akɔ soro.",
  "kycRules.raise.VERIFIED": "Fa krataa a ɛkyerɛ baabi a wote ka ho wɔ KYC krataafa no so na ama ano akɔ soro.",
  "kycRules.raise.ENHANCED": "Yei ne gyinabea a ɛkorɔn paa no ano.",
  "kycRules.limit.day": "Akawnt gyinabea {tier} bɛtumi de {limit} pɛ ato mu da biara (aka {left} ɛnnɛ). {raise}",
  "kycRules.limit.month": "Akawnt gyinabea {tier} bɛtumi de {limit} pɛ ato mu bosome biara (aka {left} bosome yi). {raise}",
  "kycRules.limit.balance": "Akawnt gyinabea {tier} bɛtumi akura {limit} pɛ wɔ sika kotoku mu (aka {left}). {raise}",
  "kycRules.limit.withdrawals": "Akawnt gyinabea {tier} ntumi nyi sika ɛnnɛ. Ma yɛnhwɛ wo ho wɔ KYC krataafa no so na woatumi ayi sika akɔ w'ankasa mobile money anaa bank akawnt so.",
  "kycRules.submission.pending": "Yɛrehwɛ wo nkrataa no mu. Yɛde email ne SMS bɛka nea efi mu ba akyerɛ wo; ɛno akyi na wobɛtumi de foforɔ aba.",
  "kycRules.submission.highest": "Yɛahwɛ wo ho ne baabi a wote awie: wowɔ gyinabea a ɛkorɔn paa no dada.",
  "kycRules.submission.verified": "Yɛahwɛ wo ho awie. Sɛ wopɛ sɛ w'ano kɔ gyinabea Yɛahwɛ mu yie a, fa krataa a ɛkyerɛ baabi a wote ka ho.",
};
