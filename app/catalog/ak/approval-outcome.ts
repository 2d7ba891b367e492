import type { approvalOutcome as english } from "~/catalog/en/approval-outcome";
import type { TwiTexts } from "~/catalog/ak/types";

/** What a four-eyes action says it did, in Twi. */
export const approvalOutcome: TwiTexts<typeof english> = {
  "approvalOutcome.sentForApproval": "Yɛde akɔ sɛ wɔmpene so: ɛsɛ sɛ ɔhwɛfoɔ foforɔ pene so wɔ /admin/approvals.",
  "approvalOutcome.heldWithdrawal": "Yɛretwɛn ahobammɔ nhwehwɛmu: ɔhwɛfoɔ hwɛ sika kɛseɛ a wɔyi mu ansa na wɔde akɔ.",
  "approvalOutcome.payoutsExecuted": "Yɛatua nkokɔ kuw #{batchId} akatua: yɛatua {count}, ne nyinaa {total}.",
  "approvalOutcome.payoutsExecutedDrawing": "Yɛatua nkokɔ kuw #{batchId} akatua: yɛatua {count}, ne nyinaa {total}. ({draw} fi sika a wɔasie mu)",
  "approvalOutcome.batchClosed": "Yɛato nkokɔ kuw #{batchId} mu; sika titiriw asan aba.",
  "approvalOutcome.batchDeleted": "Yɛapepa nkokɔ kuw no.",
  "approvalOutcome.nowAdmin": "Seesei {email} yɛ ɔhwɛfoɔ.",
  "approvalOutcome.noLongerAdmin": "{email} nyɛ ɔhwɛfoɔ bio.",
  "approvalOutcome.alreadyAdmin": "{email} yɛ ɔhwɛfoɔ dada.",
  "approvalOutcome.notAdmin": "{email} nyɛ ɔhwɛfoɔ.",
  "approvalOutcome.withdrawalSent": "Yɛapene sika a wɔreyi #{id} so na yɛde akɔ.",
  "approvalOutcome.depositRefund": "Sika #{id}: yɛresan de {amount} ama wɔ Paystack so; yɛaka akyerɛ ɔdetoniifoɔ no.",
  "approvalOutcome.depositRefundAgain": "Sika #{id}: yɛabisa Paystack bio sɛ ɔnsan mfa {amount} mma; yɛaka akyerɛ ɔdetoniifoɔ no.",
  "approvalOutcome.withdrawalReturn": "Sika a wɔreyi #{id}: {amount} asan aba ɔdetoniifoɔ no sika kotoku mu; yɛaka akyerɛ no.",
  "approvalOutcome.surplusToFarm": "Nkokɔ kuw #{batchId}: yɛakyerɛw sɛ {amount} a aka no asan akɔ nkokɔ afuo no (reference {reference}).",
  "approvalOutcome.surplusToReserve": "Nkokɔ kuw #{batchId}: {amount} a aka no akɔ sika a wɔasie mu.",
};
