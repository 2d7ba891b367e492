import type { paymentFlags as english } from "~/catalog/en/payment-flags";
import type { TwiTexts } from "~/catalog/ak/types";

/** Why a deposit or a withdrawal is flagged (the admin payments page), in Twi. */
export const paymentFlags: TwiTexts<typeof english> = {
  "paymentFlags.depositMismatch": "Tua adwumakuo no sii {problems} so dua (pesewa).",
  "paymentFlags.withdrawalMismatch": "Tua adwumakuo no kaa {problems} (pesewa).",
  "paymentFlags.amount": "sika dodoɔ {got} na ɛnyɛ {wanted}",
  "paymentFlags.currency": "sika ahodoɔ {got} na ɛnyɛ {wanted}",
  "paymentFlags.currencyOnly": "sika ahodoɔ {got}",
  "paymentFlags.none": "hwee",
  "paymentFlags.both": "{first} ne {second}",
  "paymentFlags.refundRefused": "Tua adwumakuo no ampene so sɛ ɔde tua yi bɛsan ama ({why}): fa wo nsa san de ma wɔ tua adwumakuo no krataafa titiriw so.",
  "paymentFlags.refundFailed": "Tua adwumakuo no antumi amfa tua yi ansan amma: fa wo nsa san de ma wɔ tua adwumakuo no krataafa titiriw so.",
  "paymentFlags.transferOtp": "Tua adwumakuo no bisa transfer OTP: wie wɔ tua adwumakuo no krataafa titiriw so, anaa dum transfer OTP wɔ hɔ.",
};
