import { adminCatalog } from "~/catalog/en/admin-all";
import { approvalOutcome } from "~/catalog/en/approval-outcome";
import { approvalSummary } from "~/catalog/en/approval-summary";
import { auditDetail } from "~/catalog/en/audit-detail";
import { outboxError } from "~/catalog/en/outbox-error";
import { reconciliation } from "~/catalog/en/reconciliation";
import { webhookOutcome } from "~/catalog/en/webhook-outcome";
import { kycDecision } from "~/catalog/en/kyc-decision";
import { api } from "~/catalog/en/api";
import { batchCard } from "~/catalog/en/batch-card";
import { batchFacts } from "~/catalog/en/batch-facts";
import { common } from "~/catalog/en/common";
import { faq } from "~/catalog/en/faq";
import { forms } from "~/catalog/en/forms";
import { invest } from "~/catalog/en/invest";
import { investDialogs } from "~/catalog/en/invest-dialogs";
import { meta } from "~/catalog/en/meta";
import { notices } from "~/catalog/en/notices";
import { mail } from "~/catalog/en/mail";
import { paymentStatus } from "~/catalog/en/payment-status";
import { paymentFlags } from "~/catalog/en/payment-flags";
import { kyc } from "~/catalog/en/kyc";
import { kycRules } from "~/catalog/en/kyc-rules";
import { ledger } from "~/catalog/en/ledger";
import { refusals } from "~/catalog/en/refusals";
import { risk } from "~/catalog/en/risk";
import { rules } from "~/catalog/en/rules";
import { terms } from "~/catalog/en/terms";
import { batchData, batchPage } from "~/catalog/en/batch-page";
import { confirmEmail, contact, unsubscribe } from "~/catalog/en/email-links";
import { estimator } from "~/catalog/en/estimator";
import { home } from "~/catalog/en/home";
import { guide, howItWorks } from "~/catalog/en/how-it-works";
import { landing } from "~/catalog/en/landing";
import { login, register, reset } from "~/catalog/en/sign-in";
import { account, accountBlocked, accountClose, accountOtherSessions } from "~/catalog/en/account";
import { accountStatus } from "~/catalog/en/account-status";
import { investorTexts } from "~/catalog/en/investor-texts";
import { payments } from "~/catalog/en/payments";
import { portfolio } from "~/catalog/en/portfolio";
import { receipt } from "~/catalog/en/receipt";
import { statements } from "~/catalog/en/statements";
import { portfolioCsv } from "~/catalog/en/portfolio-csv";
import { portfolioDialogs } from "~/catalog/en/portfolio-dialogs";
import { adminDevices, deviceRules, sensor } from "~/catalog/en/farm-devices";
import { devices } from "~/catalog/en/devices";
import { smsShort } from "~/catalog/en/sms-short";
import { money } from "~/catalog/en/money";
import { explain } from "~/catalog/en/explain";
import { ussd } from "~/catalog/en/ussd";

/**
 * The English catalog: every word a person reads, by id. Ids are `<namespace>.<name>`; a page's
 * loader ships the namespaces its components need (see ~/catalog/index.server). Matched word for
 * word where the product's rules quote a message (docs/messages.md).
 */
export const en = {
  ...common,
  ...money,
  ...batchCard,
  ...batchFacts,
  ...invest,
  ...investDialogs,
  ...meta,
  ...faq,
  ...risk,
  ...terms,
  ...home,
  ...landing,
  ...estimator,
  ...howItWorks,
  ...guide,
  ...batchPage,
  ...batchData,
  ...login,
  ...register,
  ...reset,
  ...confirmEmail,
  ...unsubscribe,
  ...contact,
  ...notices,
  ...mail,
  ...paymentStatus,
  ...approvalSummary,
  ...approvalOutcome,
  ...auditDetail,
  ...outboxError,
  ...reconciliation,
  ...webhookOutcome,
  ...kycDecision,
  ...adminCatalog,
  ...portfolio,
  ...portfolioDialogs,
  ...explain,
  ...portfolioCsv,
  ...payments,
  ...statements,
  ...receipt,
  ...kyc,
  ...account,
  ...accountClose,
  ...accountBlocked,
  ...accountOtherSessions,
  ...accountStatus,
  ...investorTexts,
  ...rules,
  ...api,
  ...refusals,
  ...forms,
  ...sensor,
  ...adminDevices,
  ...devices,
  ...smsShort,
  ...deviceRules,
  ...ledger,
  ...kycRules,
  ...paymentFlags,
  ...ussd,
} as const;

export type Catalog = typeof en;
export type MessageId = keyof Catalog;
/** The namespaces: the part of an id before its first dot. */
export type Namespace = MessageId extends `${infer N}.${string}` ? N : never;
