import type { accountStatus as english } from "~/catalog/en/account-status";
import type { TwiTexts } from "~/catalog/ak/types";

/** Where the investor stands, in Twi. */
export const accountStatus: TwiTexts<typeof english> = {
  "accountStatus.email": "Email: {state}",
  "accountStatus.phone": "Fon: {state}",
  "accountStatus.confirmed": "woasi so dua",
  "accountStatus.notConfirmed": "wonnya nsii so dua",
  "accountStatus.notAdded": "wonnya mfaa nkaa ho",
  "accountStatus.messagesAndContacts": "Nkra ne sɛnea yɛbɛfrɛ wo",
  "accountStatus.confirmForMessages": "Si so dua na nya akatua ho nkra wɔ email ne SMS so",
  "accountStatus.tier": "Akawnt gyinabea {tier}",
  "accountStatus.tierName.REGISTERED": "Mfiaseɛ",
  "accountStatus.tierName.VERIFIED": "Yɛahwɛ mu",
  "accountStatus.tierName.ENHANCED": "Yɛahwɛ mu yie",
  "accountStatus.canDepositToday": "Ɛnnɛ wobɛtumi de {today} ato mu bio{month}{withdrawals}.",
  "accountStatus.andThisMonth": ", na {month} bosome yi mu",
  "accountStatus.noWithdrawals": "; ansa na woayi sika, ɛsɛ sɛ yɛhwɛ wo ho",
  "accountStatus.raiseLimits": "Ma wo ano nkɔ soro",
  "accountStatus.payment.PENDING": "Ɛretwɛn",
  "accountStatus.payment.SUCCEEDED": "Awie",
  "accountStatus.payment.FAILED": "Ɛanyɛ yie",
  "accountStatus.payment.ABANDONED": "Wonwiee",
  "accountStatus.payment.REFUNDED": "Yɛasan de ama wo",
  "accountStatus.payment.REVERSED": "Asan aba",
};
