import { describe, expect, it } from "vitest";
import { msg } from "~/catalog/ref";
import { PSEUDO_CLOSE, PSEUDO_OPEN } from "~/catalog/pseudo";
import { render } from "~/catalog/index.server";
import { getDb } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { approvalSummary } from "~/domain/approvals";
import { createApproval, summaryText } from "~/models/approvals.server";
import { approveKycSubmission, kycSubmissionJson } from "~/models/kyc.server";
import { listAdminPayments } from "~/models/payment-admin.server";
import { receiveWebhook } from "~/models/payment-events.server";
import { listAuditEntries, recordAudit } from "~/models/audit.server";
import { depositMessage, openDeposit } from "~/models/deposit.server";
import { listNotifications, notify } from "~/models/notification.server";
import { forgetMessagesOf, unsubscribeUrl } from "~/models/messages.server";
import { outboxPage } from "~/pages/outbox.server";
import { storedRef } from "~/models/stored-message.server";
import { useUnitDatabase } from "../../test/support/unit-database";

// Issue 28: notices and outbox rows keep a catalog id and parameters, rendered in the reader's language.
useUnitDatabase("stored-messages");

/** An investor whose email and phone are confirmed, so a notice also goes by email and SMS. */
function newInvestor(email: string): number {
  return (
    getDb()
      .$client.prepare(
        "insert into users (email, full_name, password_hash, phone, email_verified_at, phone_verified_at) values (?, 'Ama Mensah', 'x', '+233241234567', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z') returning id",
      )
      .get(email) as { id: number }
  ).id;
}

type OutboxRow = { channel: string; subject: string; body_text: string; body_html: string | null; message_id: string | null; message_params: string | null };
const outboxOf = (userId: number) =>
  getDb().$client.prepare("select channel, subject, body_text, body_html, message_id, message_params from outbox where user_id = ? order by id").all(userId) as OutboxRow[];
const bracketed = (text: string) => text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE);

describe("stored messages", () => {
  it("a notice stored as an id and parameters reads as the English it used to store, and bracketed in the pseudo-locale", () => {
    const userId = newInvestor("stored-notice@example.com");
    notify(userId, "EXIT_FILLED", msg("notices.exitFilled", { units: 3, batchId: 7, net: { money: 1_234_500 }, price: { money: 1_250_000 }, fee: { money: 15_500 } }));

    const stored = getDb().$client.prepare("select message, message_id, message_params from notifications where user_id = ?").get(userId);
    expect(stored).toEqual({ message: "", message_id: "notices.exitFilled", message_params: expect.stringContaining('"batchId":7') });

    const english = "A buyer took 3 of your units in Batch #7: GH₵12,345.00 reached your wallet (GH₵12,500.00 less a GH₵155.00 early-exit fee).";
    expect(listNotifications(userId, "en").map((n) => n.message)).toEqual([english]);
    const [pseudo] = listNotifications(userId, "pseudo");
    expect(bracketed(pseudo.message)).toBe(true);
    expect(pseudo.message).toContain("GH₵12,345.00");
    expect(pseudo.message).not.toContain("A buyer took");
  });

  it("a notice written before ids (text only) still reads as written", () => {
    const userId = newInvestor("stored-old@example.com");
    getDb().$client.prepare("insert into notifications (user_id, kind, message) values (?, 'PAYOUT', 'Payout received: GH₵5.00 from Batch #1 (harvest payout).')").run(userId);
    expect(listNotifications(userId, "pseudo").map((n) => n.message)).toEqual(["Payout received: GH₵5.00 from Batch #1 (harvest payout)."]);
  });

  it("its email and SMS keep the id and parameters, and their texts are the English they used to be", () => {
    const userId = newInvestor("stored-outbox@example.com");
    notify(userId, "DEPOSIT_CREDITED", msg("notices.depositCredited", { amount: { money: 5_000 } }));
    const { appUrl } = getEnv();
    const said = "Your deposit of GH₵50.00 reached your wallet.";
    const [email, sms] = outboxOf(userId);

    expect(email.channel).toBe("EMAIL");
    expect(email.subject).toBe("Your deposit is in your wallet");
    expect(email.body_text).toBe(
      `Hello Ama Mensah,\n\n${said}\n\nYour portfolio: ${appUrl}/portfolio\n\n--\nYou get these emails about deposits and withdrawals because you invest with Akoko. Stop them: ${unsubscribeUrl(userId, "money")}\nChoose what you receive: ${appUrl}/account#messages`,
    );
    expect(email.body_html).toContain(`<p style="margin:0 0 12px">${said}</p>`);
    expect(email.body_html).toContain("You get these emails about deposits and withdrawals because you invest with Akoko. <a href=");
    expect(email.body_html).toContain(">Unsubscribe</a> · <a href=");
    expect(sms).toMatchObject({ channel: "SMS", body_text: `Akoko: ${said.replace("GH₵", "GHS ")}` });

    for (const row of [email, sms]) {
      const ref = storedRef(row.message_id, row.message_params)!;
      expect(ref).toEqual({ msg: "notices.depositCredited", params: { amount: { money: 5_000 } } });
      expect(render("en", ref)).toBe(said);
      expect(bracketed(render("pseudo", ref))).toBe(true);
    }
  });

  it("a deposit's words and an approval's summary read as the English they used to store, bracketed in the pseudo-locale", () => {
    const userId = newInvestor("stored-deposit@example.com");
    const deposit = openDeposit(userId, { amountMinor: 5_000, method: "checkout", network: null, phone: null });
    expect(deposit).toMatchObject({ message: null, messageId: "paymentStatus.depositPending" });
    expect(depositMessage(deposit, "en")).toBe("We are waiting for the provider to confirm this deposit.");
    expect(bracketed(depositMessage(deposit, "pseudo"))).toBe(true);
    // Written before ids: read as written, in any language.
    expect(depositMessage({ ...deposit, messageId: null, message: "Deposit successful" }, "pseudo")).toBe("Deposit successful");

    const approval = createApproval({ action: "batch.delete", params: { batchId: 9 }, summary: approvalSummary({ action: "batch.delete", batchId: 9 }), requestedBy: userId });
    expect(approval).toMatchObject({ summary: "", summaryId: "approvalSummary.delete" });
    expect(summaryText(approval, "en")).toBe("Delete Batch #9");
    expect(bracketed(summaryText(approval, "pseudo"))).toBe(true);
    expect(getDb().$client.prepare("select detail from audit_log where action = 'approval.request' order by id desc").get()).toEqual({ detail: `#${approval.id} Delete a batch: Delete Batch #9` });
  });

  it("an audit detail is stored as an id and parameters beside its English, and read in the reader's language; a row written before reads as written", () => {
    const adminId = newInvestor("stored-audit@example.com");
    getDb().$client.prepare("insert into audit_log (admin_id, action, detail) values (?, 'reserve.fund', 'GHS 1.00 from fees')").run(adminId);
    recordAudit({ adminId, action: "tax.payment", detail: msg("auditDetail.taxPayment", { period: "2026-10", amount: { money: 1250 }, reference: "GRA-1" }) });
    expect(getDb().$client.prepare("select detail, detail_id, detail_params from audit_log where action = 'tax.payment'").get()).toEqual({
      detail: "Withholding tax for 2026-10: GH₵12.50 paid (GRA-1)",
      detail_id: "auditDetail.taxPayment",
      detail_params: JSON.stringify({ period: "2026-10", amount: { money: 1250 }, reference: "GRA-1" }),
    });
    const [taxEn, beforeEn] = listAuditEntries("en", { limit: 2 });
    expect([taxEn.detail, beforeEn.detail]).toEqual(["Withholding tax for 2026-10: GH₵12.50 paid (GRA-1)", "GHS 1.00 from fees"]);
    // The amount is formatted for the reader, as every amount is.
    expect(listAuditEntries("ak", { limit: 1 })[0].detail).toContain("GH₵12.50");
    const [taxPseudo, beforePseudo] = listAuditEntries("pseudo", { limit: 2 });
    expect(bracketed(taxPseudo.detail)).toBe(true);
    expect(beforePseudo.detail).toBe("GHS 1.00 from fees");
    // A row stored while amounts were cedis as text reads as the English it was written in (the log is append-only).
    getDb()
      .$client.prepare("insert into audit_log (admin_id, action, detail, detail_id, detail_params) values (?, 'reserve.fund', 'GHS 3.00 from fees', 'auditDetail.reserveFundFromFees', ?)")
      .run(adminId, JSON.stringify({ amount: "3.00" }));
    expect(listAuditEntries("ak", { limit: 1 })[0].detail).toBe("GHS 3.00 from fees");
  });

  it("our reason an outbox row was not sent is stored as an id beside its English, and /admin/outbox reads it in the reader's language", () => {
    const userId = newInvestor("stored-last-error@example.com");
    notify(userId, "EXIT_FILLED", msg("notices.exitFilled", { units: 1, batchId: 2, net: { money: 100 }, price: { money: 100 }, fee: { money: 0 } }));
    forgetMessagesOf(userId);
    const rows = getDb().$client.prepare("select status, last_error, last_error_id, last_error_params from outbox where user_id = ?").all(userId);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row).toEqual({ status: "failed", last_error: "The account was closed before it was sent.", last_error_id: "outboxError.accountClosed", last_error_params: null });
    const ids = new Set(
      getDb()
        .$client.prepare("select id from outbox where user_id = ?")
        .all(userId)
        .map((r) => (r as { id: number }).id),
    );
    const lastErrors = (locale: "en" | "pseudo") =>
      outboxPage("failed", locale)
        .rows.filter((r) => ids.has(r.id))
        .map((r) => r.lastError);
    expect(lastErrors("en")).toEqual(rows.map(() => "The account was closed before it was sent."));
    for (const text of lastErrors("pseudo")) expect(bracketed(text ?? "")).toBe(true);
  });

  it("a KYC approval with no reason typed stores our note as an id beside its English, read in the reader's language", () => {
    const userId = newInvestor("stored-kyc@example.com");
    const adminId = newInvestor("stored-kyc-admin@example.com");
    const { id } = getDb()
      .$client.prepare(
        "insert into kyc_submissions (user_id, tier_requested, legal_name, date_of_birth, id_type, id_number_iv, id_number_tag, id_number_ciphertext, id_number_last4) values (?, 'VERIFIED', 'Ama Mensah', '1990-01-01', 'GHANA_CARD', 'iv', 'tag', 'c', '1234') returning id",
      )
      .get(userId) as { id: number };
    const row = approveKycSubmission({ submissionId: id, adminId });
    expect(row).toMatchObject({ decisionReason: "Approved after review.", decisionReasonId: "kycDecision.approvedAfterReview" });
    expect(kycSubmissionJson(row, "en").decision_reason).toBe("Approved after review.");
    expect(bracketed(kycSubmissionJson(row, "pseudo").decision_reason ?? "")).toBe(true);
    // A reason written as text (before ids, or typed by an admin) reads as written.
    expect(kycSubmissionJson({ ...row, decisionReasonId: null, decisionReason: "The selfie does not show a face." }, "pseudo").decision_reason).toBe("The selfie does not show a face.");
  });

  it("a webhook event's reason is stored as an id beside its English, and the payments page's event log reads it in the reader's language", () => {
    const event = { id: "evt-stored-1", event: "charge.success", reference: "no-such-reference", amountMinor: 100, currency: "GHS", status: "success", raw: {} };
    expect(receiveWebhook({ provider: "demo", event, rawBody: "{}" })).toMatchObject({ duplicate: false, outcome: "unknown_reference" });
    expect(getDb().$client.prepare("select detail, detail_id, detail_params from webhook_events where event_id = 'evt-stored-1'").get()).toEqual({
      detail: "No deposit has this reference.",
      detail_id: "webhookOutcome.noDeposit",
      detail_params: null,
    });
    const filters = { list: "events" as const, status: null, q: "no-such-reference", from: null, to: null, stuck: false, flagged: false, page: 1 };
    const details = (locale: "en" | "pseudo") => listAdminPayments(filters, { pageSize: 10, locale }).rows.map((r) => ("detail" in r ? r.detail : null));
    expect(details("en")).toEqual(["No deposit has this reference."]);
    expect(bracketed(String(details("pseudo")[0]))).toBe(true);
  });

  it("what came of a webhook that moved money is stored as an id too, never as a bare result word", () => {
    const userId = newInvestor("stored-webhook-credit@example.com");
    const deposit = openDeposit(userId, { amountMinor: 5_000, method: "checkout", network: null, phone: null });
    const event = { id: "evt-stored-2", event: "charge.success", reference: deposit.reference, amountMinor: 5_000, currency: "GHS", status: "success", raw: {} };
    expect(receiveWebhook({ provider: "demo", event, rawBody: "{}" })).toMatchObject({ duplicate: false, outcome: "processed", refundDue: false });
    expect(getDb().$client.prepare("select detail, detail_id from webhook_events where event_id = 'evt-stored-2'").get()).toEqual({
      detail: "Deposit credited.",
      detail_id: "webhookOutcome.deposit.credited",
    });
    const filters = { list: "events" as const, status: null, q: deposit.reference, from: null, to: null, stuck: false, flagged: false, page: 1 };
    const [shown] = listAdminPayments(filters, { pageSize: 10, locale: "pseudo" }).rows.map((r) => ("detail" in r ? r.detail : null));
    expect(bracketed(String(shown))).toBe(true);
  });
});
