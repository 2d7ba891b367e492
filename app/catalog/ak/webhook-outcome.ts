import type { webhookOutcome as english } from "~/catalog/en/webhook-outcome";
import type { TwiTexts } from "~/catalog/ak/types";

/** Why a webhook event changed nothing, or was flagged, in Twi (provisional: awaiting a native speaker's review). */
export const webhookOutcome: TwiTexts<typeof english> = {
  "webhookOutcome.noReference": "Reference biara nni event no mu.",
  "webhookOutcome.noDeposit": "Sika a wode too mu biara nni reference yi.",
  "webhookOutcome.depositMismatch": "Sika dodoɔ anaa sika ahodoɔ no nte sɛ deɛ ɛwɔ sika a wode too mu no so: yɛasi so dua, yɛmfaa nhyɛɛ mu.",
  "webhookOutcome.noRefundedDeposit": "Sika a wode too mu a wɔde asan ama biara nni reference yi.",
  "webhookOutcome.noWithdrawal": "Sika a woyiiɛ biara nni reference yi.",
  "webhookOutcome.withdrawalMismatch": "Sika dodoɔ anaa sika ahodoɔ no nte sɛ deɛ ɛwɔ sika a woyiiɛ no so: yɛasi so dua.",
  "webhookOutcome.notActedOn": "Event a yɛnyɛ ho hwee.",
};
