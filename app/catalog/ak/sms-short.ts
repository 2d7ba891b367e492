import type { smsShort as english } from "~/catalog/en/sms-short";
import type { TwiTexts } from "~/catalog/ak/types";

/** The notices' shorter SMS words, in Twi (ɛ and ɔ are written e and o when sent). */
export const smsShort: TwiTexts<typeof english> = {
  "smsShort.kycApproved": "Yɛahwɛ wo ho awie: w'akawnt yɛ {tier} seesei. Wobɛtumi de {depositsPerDay} ato mu da biara, na woakora {walletBalance}.",
  "smsShort.withdrawalNotSent": "Yɛansoma sika {amount} a woyii no: {why} Sika no asan aba wo sika kotoku mu.",
  "smsShort.depositRefunded": "Sika {amount} a wode too mu no bɛboro w'akawnt ano, enti yɛresan de akɔma wo. Yɛamfa hwee angu wo sika kotoku mu.",
  "smsShort.exitCancelled": {
    one: "Yɛagyae wo fi mu ntɛm abisadeɛ (kyɛfa {units}, nkokɔ kuw #{batchId}): nkokɔ kuw no {why}.",
    other: "Yɛagyae wo fi mu ntɛm abisadeɛ (nkyɛfa {units}, nkokɔ kuw #{batchId}): nkokɔ kuw no {why}.",
  },
};
