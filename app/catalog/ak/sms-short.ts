import type { smsShort as english } from "~/catalog/en/sms-short";
import type { TwiTexts } from "~/catalog/ak/types";

/** The notices' shorter SMS words, in Twi (ɛ and ɔ are written e and o when sent). */
export const smsShort: TwiTexts<typeof english> = {
  "smsShort.kycApproved": "Yɛahwɛ wo ho awie: w'akawnt yɛ {tier} seesei. Wobɛtumi de {depositsPerDay} ato mu da biara, na woakora {walletBalance}.",
  "smsShort.withdrawalNotSent": "Yɛansoma sika {amount} a woyii no: {why} Sika no asan aba wo sika kotoku mu.",
  "smsShort.depositRefunded": "Sika {amount} a wode too mu no bɛboro w'akawnt ano, enti yɛresan de akɔma wo. Yɛamfa hwee angu wo sika kotoku mu.",
  "smsShort.withdrawalRequested": "Obi abisa sɛ ɔyi {amount} fi w'akawnt mu. Ɛnyɛ wo? Sesa wo password seesei na frɛ yɛn.",
  "smsShort.destinationAdded": "Wɔde baabi foforɔ a akatua bɛkɔ aka w'akawnt ho. Ɛnyɛ wo? Sesa wo password seesei na frɛ yɛn.",
  "smsShort.receiptWithdrawal": "Woabisa sɛ woyi {amount} kɔ {destination} ({reference}).",
  "smsShort.receiptWithdrawalHeld": "Woabisa sɛ woyi {amount} ({reference}). Ɔhwɛfoɔ bɛhwɛ mu nnɔnhwere 24 mu.",
  "smsShort.reinvestedNet": {
    one: "Fa hyɛ mu bio: {net} a aba no, yɛde {cost} atɔ kyɛfa {count} wɔ nkokɔ kuw #{batchId} mu; {rest} aka wo sika kotoku mu.",
    other: "Fa hyɛ mu bio: {net} a aba no, yɛde {cost} atɔ nkyɛfa {count} wɔ nkokɔ kuw #{batchId} mu; {rest} aka wo sika kotoku mu.",
  },
  "smsShort.reinvestedFor": {
    one: "Fa hyɛ mu bio ankasa: yɛatɔ kyɛfa {count} wɔ nkokɔ kuw #{batchId} mu ma {cost}; nea aka, {rest}, da wo sika kotoku mu.",
    other: "Fa hyɛ mu bio ankasa: yɛatɔ nkyɛfa {count} wɔ nkokɔ kuw #{batchId} mu ma {cost}; nea aka, {rest}, da wo sika kotoku mu.",
  },
  "smsShort.depositRefundedMismatch": "Sika {paid} a wotuaeɛ ne {amount} a wode reto mu no nhyia, enti yɛresan de akɔma wo. Yɛamfa hwee angu wo sika kotoku mu.",
  "smsShort.depositRefundFailed": "Yɛantumi amfa wo sika {amount} ansan amma wo. Yɛn adwumayɛfoɔ de bɛma wo na wɔbɛfrɛ wo.",
  "smsShort.depositRefundRetried": "Yɛresan de wo sika {amount} akɔma wo bio. Ebia ɛbɛkyɛ nna kakra.",
  "smsShort.exitCancelled": {
    one: "Yɛagyae wo fi mu ntɛm abisadeɛ (kyɛfa {units}): nkokɔ kuw #{batchId} {why}.",
    other: "Yɛagyae wo fi mu ntɛm abisadeɛ (nkyɛfa {units}): nkokɔ kuw #{batchId} {why}.",
  },
};
