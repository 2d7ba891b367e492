import type { MessageId } from "~/catalog/en";
import type { Template } from "~/catalog/format";
import { common } from "~/catalog/ak/common";
import { explain } from "~/catalog/ak/explain";
import { landing } from "~/catalog/ak/landing";
import { home } from "~/catalog/ak/home";
import { meta } from "~/catalog/ak/meta";
import { estimator } from "~/catalog/ak/estimator";
import { guide, howItWorks } from "~/catalog/ak/how-it-works";
import { faq } from "~/catalog/ak/faq";
import { risk } from "~/catalog/ak/risk";
import { terms } from "~/catalog/ak/terms";
import { invest } from "~/catalog/ak/invest";
import { batchCard } from "~/catalog/ak/batch-card";
import { batchFacts } from "~/catalog/ak/batch-facts";
import { investDialogs } from "~/catalog/ak/invest-dialogs";
import { batchData, batchPage } from "~/catalog/ak/batch-page";
import { login, register, reset } from "~/catalog/ak/sign-in";
import { accountStatus } from "~/catalog/ak/account-status";
import { paymentStatus } from "~/catalog/ak/payment-status";
import { portfolio } from "~/catalog/ak/portfolio";
import { portfolioDialogs } from "~/catalog/ak/portfolio-dialogs";
import { portfolioCsv } from "~/catalog/ak/portfolio-csv";
import { receipt } from "~/catalog/ak/receipt";
import { statements } from "~/catalog/ak/statements";
import { payments } from "~/catalog/ak/payments";
import { investorTexts } from "~/catalog/ak/investor-texts";
import { notices } from "~/catalog/ak/notices";
import { mail } from "~/catalog/ak/mail";
import { confirmEmail, contact, unsubscribe } from "~/catalog/ak/email-links";
import { refusals } from "~/catalog/ak/refusals";
import { rules } from "~/catalog/ak/rules";
import { forms } from "~/catalog/ak/forms";
import { kyc } from "~/catalog/ak/kyc";
import { account, accountBlocked, accountClose, accountOtherSessions } from "~/catalog/ak/account";
import { api } from "~/catalog/ak/api";
import { adminDevices, deviceRules, sensor } from "~/catalog/ak/farm-devices";
import { devices } from "~/catalog/ak/devices";
import { smsShort } from "~/catalog/ak/sms-short";
import { approvalOutcome } from "~/catalog/ak/approval-outcome";
import { approvalSummary } from "~/catalog/ak/approval-summary";
import { adminMeta } from "~/catalog/ak/admin-meta";
import { admin } from "~/catalog/ak/admin";
import { adminDashboard } from "~/catalog/ak/admin-dashboard";
import { adminApprovals, adminAudit, adminContent, adminExits, adminKyc, adminLogs, adminMessages, adminOutbox, adminPayments, adminRemittances, adminTax } from "~/catalog/ak/admin-pages";
import { kycRules } from "~/catalog/ak/kyc-rules";
import { ledger } from "~/catalog/ak/ledger";
import { paymentFlags } from "~/catalog/ak/payment-flags";
import { money } from "~/catalog/ak/money";
import { auditDetail } from "~/catalog/ak/audit-detail";
import { outboxError } from "~/catalog/ak/outbox-error";
import { reconciliation } from "~/catalog/ak/reconciliation";
import { webhookOutcome } from "~/catalog/ak/webhook-outcome";
import { kycDecision } from "~/catalog/ak/kyc-decision";
import { ussd } from "~/catalog/ak/ussd";

/**
 * The Twi (Akan) catalog, namespace by namespace, as app/catalog/en is. Its translations await a
 * native speaker's review (docs/twi-glossary.md keeps the terms it uses). Every English id has its
 * Twi text: the type refuses a catalog that lacks one, and app/catalog/ak.test.ts checks each text's
 * parameters and plural forms.
 */
export const ak: Record<MessageId, Template> = {
  ...common,
  ...explain,
  ...landing,
  ...home,
  ...meta,
  ...estimator,
  ...howItWorks,
  ...guide,
  ...faq,
  ...risk,
  ...terms,
  ...invest,
  ...batchCard,
  ...batchFacts,
  ...investDialogs,
  ...batchData,
  ...batchPage,
  ...login,
  ...register,
  ...reset,
  ...accountStatus,
  ...paymentStatus,
  ...portfolio,
  ...portfolioDialogs,
  ...portfolioCsv,
  ...receipt,
  ...statements,
  ...payments,
  ...investorTexts,
  ...notices,
  ...mail,
  ...confirmEmail,
  ...contact,
  ...unsubscribe,
  ...refusals,
  ...rules,
  ...forms,
  ...kyc,
  ...account,
  ...accountBlocked,
  ...accountClose,
  ...accountOtherSessions,
  ...api,
  ...adminDevices,
  ...devices,
  ...smsShort,
  ...deviceRules,
  ...sensor,
  ...approvalOutcome,
  ...approvalSummary,
  ...adminMeta,
  ...admin,
  ...adminDashboard,
  ...adminApprovals,
  ...adminAudit,
  ...adminContent,
  ...adminExits,
  ...adminKyc,
  ...adminLogs,
  ...adminMessages,
  ...adminOutbox,
  ...adminPayments,
  ...adminRemittances,
  ...adminTax,
  ...kycRules,
  ...ledger,
  ...paymentFlags,
  ...money,
  ...auditDetail,
  ...outboxError,
  ...reconciliation,
  ...webhookOutcome,
  ...kycDecision,
  ...ussd,
};
