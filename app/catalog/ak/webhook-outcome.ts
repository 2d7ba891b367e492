import type { webhookOutcome as english } from "~/catalog/en/webhook-outcome";
import type { TwiTexts } from "~/catalog/ak/types";

/** What came of a webhook event, or why it changed nothing, in Twi (provisional: awaiting a native speaker's review). */
export const webhookOutcome: TwiTexts<typeof english> = {
  "webhookOutcome.noReference": "Reference biara nni event no mu.",
  "webhookOutcome.noDeposit": "Sika a wode too mu biara nni reference yi.",
  "webhookOutcome.depositMismatch": "Sika dodoɔ anaa sika ahodoɔ no nte sɛ deɛ ɛwɔ sika a wode too mu no so: yɛasi so dua, yɛmfaa nhyɛɛ mu.",
  "webhookOutcome.noRefundedDeposit": "Sika a wode too mu a wɔde asan ama biara nni reference yi.",
  "webhookOutcome.noWithdrawal": "Sika a woyiiɛ biara nni reference yi.",
  "webhookOutcome.withdrawalMismatch": "Sika dodoɔ anaa sika ahodoɔ no nte sɛ deɛ ɛwɔ sika a woyiiɛ no so: yɛasi so dua.",
  "webhookOutcome.notActedOn": "Event a yɛnyɛ ho hwee.",
  "webhookOutcome.deposit.credited": "Yɛde sika a wode too mu no ahyɛ sika kotoku mu.",
  "webhookOutcome.deposit.refunded": "Sika a wode too mu no boro akawnt no ano: yɛresan de akɔma no.",
  "webhookOutcome.deposit.failed": "Yɛakyerɛw sɛ sika a wode too mu no anyɛ yie.",
  "webhookOutcome.deposit.abandoned": "Yɛakyerɛw sɛ wɔagyae sika a wode too mu no.",
  "webhookOutcome.deposit.unchanged": "Sika a wode too mu no awie dedaw: biribiara nsesaeɛ.",
  "webhookOutcome.refund.pending": "Sika a yɛresan de ama no da so retwɛn.",
  "webhookOutcome.refund.processed": "Yɛasan de sika no ama.",
  "webhookOutcome.refund.failed": "Sika a yɛpɛɛ sɛ yɛsan de ma no anyɛ yie.",
  "webhookOutcome.withdrawal.settled": "Sika a woyiiɛ no adu.",
  "webhookOutcome.withdrawal.returned": "Sika a woyiiɛ no asan aba sika kotoku mu.",
  "webhookOutcome.withdrawal.resend": "Yɛbɛsan de sika a woyiiɛ no akɔ bio.",
  "webhookOutcome.withdrawal.unchanged": "Sika a woyiiɛ no awie dedaw: biribiara nsesaeɛ.",
};
