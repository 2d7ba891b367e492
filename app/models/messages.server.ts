/**
 * What a person is told outside the app (issue 16), written to the outbox in the caller's
 * transaction: notices (per the user's preferences, to confirmed contacts only, with one-click
 * unsubscribe) and security mail (always, to the address on the account even before it is
 * confirmed, never with an unsubscribe link). The worker in outbox.server.ts delivers them.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import {
  CHANNELS,
  NOTICE_CATEGORIES,
  categoryOfKind,
  htmlBody,
  escapeHtml,
  fitsOneSms,
  isDecisionKind,
  isNoticeCategory,
  isReceiptKind,
  isSecurityKind,
  smsText,
  subjectOfKind,
  type Channel,
  type MessageCategory,
  type NoticeCategory,
} from "~/domain/notices";
import type { Locale, MessageRef } from "~/catalog/format";
import { smsShort } from "~/catalog/en/sms-short";
import { render, translatorFor } from "~/catalog/index.server";
import { languageOf, LANGUAGE_COOKIE, type Language } from "~/catalog/languages";
import { msg } from "~/catalog/ref";
import { nowIso } from "~/lib/clock.server";
import { getDb, prepared } from "~/lib/db.server";
import type { SqlBoolean } from "~/lib/sql-dialect.server";
import { atomic } from "~/models/ledger.server";
import { sameSecret } from "~/lib/password.server";
import { getEnv } from "~/lib/env.server";
import { contactConfirmations, messagePreferences, outbox, users } from "~/models/schema.server";
import { lastErrorColumns, messageColumns } from "~/models/stored-message.server";

/**
 * The language a person's email and SMS are written in: the one they chose on the site, else
 * English. Every message below is rendered in it when queued.
 */
export function recipientLocale(userId: number | null): Locale {
  return (userId === null ? null : chosenLanguage(userId)) ?? "en";
}

/** The language the person chose and keeps on the account; null until they choose. */
export function chosenLanguage(userId: number): Language | null {
  const row = getDb().select({ locale: users.locale }).from(users).where(eq(users.id, userId)).get();
  return languageOf(row?.locale);
}

/** `email` is null for an account registered by phone (issue 31): nothing is emailed until its owner adds one. */
type Recipient = { id: number; email: string | null; fullName: string; phone: string | null; emailVerifiedAt: string | null; phoneVerifiedAt: string | null; closedAt: string | null };

function recipient(userId: number): Recipient | undefined {
  return getDb()
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      phone: users.phone,
      emailVerifiedAt: users.emailVerifiedAt,
      phoneVerifiedAt: users.phoneVerifiedAt,
      closedAt: users.closedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get();
}

type QueueInput = {
  userId: number | null;
  channel: Channel;
  kind: string;
  category: MessageCategory;
  recipient: string;
  subject?: string;
  text: string;
  html?: string | null;
  unsubscribeUrl?: string | null;
  /** What it says, as a catalog message (the notice it carries, or the security mail it is). */
  message: MessageRef;
};

/** One outbox row, due now. Call it inside the transaction of what caused it. */
export function queueMessage(input: QueueInput): number {
  // The GSM-7 alphabet and the one-segment cut apply to the text as rendered in the recipient's language.
  const text = input.channel === "SMS" ? smsText(input.text) : input.text;
  const message = messageColumns(input.message);
  return getDb()
    .insert(outbox)
    .values({
      userId: input.userId,
      channel: input.channel,
      kind: input.kind,
      category: input.category,
      recipient: input.recipient,
      subject: input.subject ?? "",
      bodyText: text,
      bodyHtml: input.html ?? null,
      unsubscribeUrl: input.unsubscribeUrl ?? null,
      messageId: message.id,
      messageParams: message.params,
      nextAttemptAt: nowIso(),
      createdAt: nowIso(),
    })
    .returning({ id: outbox.id })
    .get().id;
}

// ---- preferences ----

export type Preferences = Record<NoticeCategory, Record<Channel, boolean>>;

/** Everything is on until the investor turns it off. */
export function getPreferences(userId: number): Preferences {
  const prefs = Object.fromEntries(NOTICE_CATEGORIES.map((c) => [c, { EMAIL: true, SMS: true }])) as Preferences;
  for (const row of getDb().select().from(messagePreferences).where(eq(messagePreferences.userId, userId)).all()) {
    if (isNoticeCategory(row.category)) prefs[row.category][row.channel] = row.enabled;
  }
  return prefs;
}

export function setPreference(userId: number, category: NoticeCategory, channel: Channel, enabled: boolean) {
  getDb()
    .insert(messagePreferences)
    .values({ userId, category, channel, enabled, updatedAt: nowIso() })
    .onConflictDoUpdate({ target: [messagePreferences.userId, messagePreferences.category, messagePreferences.channel], set: { enabled, updatedAt: nowIso() } })
    .run();
}

export function setPreferences(userId: number, prefs: Preferences) {
  atomic(() => {
    for (const category of NOTICE_CATEGORIES) for (const channel of CHANNELS) setPreference(userId, category, channel, prefs[category][channel]);
  });
}

// ---- one-click unsubscribe (RFC 8058): a signed link, no login, no expiry ----

function unsubscribeMac(userId: number, category: string) {
  return crypto.createHmac("sha256", getEnv().SESSION_SECRET).update(`unsubscribe:${userId}:${category}`).digest("base64url").slice(0, 32);
}

export function unsubscribeToken(userId: number, category: NoticeCategory) {
  return `${userId}.${category}.${unsubscribeMac(userId, category)}`;
}

export function unsubscribeUrl(userId: number, category: NoticeCategory) {
  return `${getEnv().appUrl}/unsubscribe/${unsubscribeToken(userId, category)}`;
}

/** What a token stands for, or null when it was not made by us. */
export function readUnsubscribeToken(token: string): { userId: number; category: NoticeCategory } | null {
  const [id, category = "", mac = ""] = token.split(".");
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId <= 0 || !isNoticeCategory(category)) return null;
  const expected = unsubscribeMac(userId, category);
  if (!sameSecret(mac, expected)) return null;
  return { userId, category };
}

/** Turns that kind of email off. The same answer however often it is used. */
export function unsubscribe(token: string): { category: NoticeCategory } | null {
  const read = readUnsubscribeToken(token);
  if (!read || !recipient(read.userId)) return null;
  setPreference(read.userId, read.category, "EMAIL", false);
  return { category: read.category };
}

// ---- notices ----

/**
 * Queues what an in-app notice (notify) also says by email and SMS: only for kinds that belong to a
 * preference, only to confirmed contacts, and only where the investor left that channel on.
 */
export function queueNotice(userId: number, kind: string, message: MessageRef) {
  if (isSecurityKind(kind)) return queueSecurityNotice(userId, kind, message);
  if (isReceiptKind(kind)) return queueReceipt(userId, kind, message);
  if (isDecisionKind(kind)) return queueDecision(userId, kind, message);
  const category = categoryOfKind(kind);
  if (!category) return;
  // One prepared lookup: a payout run calls this once per investor.
  const row = prepared<
    [NoticeCategory, NoticeCategory, number],
    { email: string | null; fullName: string; phone: string | null; ev: string | null; pv: string | null; closedAt: string | null; e: SqlBoolean | null; s: SqlBoolean | null }
  >(
    `select u.email, u.full_name as "fullName", u.phone, u.email_verified_at ev, u.phone_verified_at pv, u.closed_at as "closedAt",
       (select enabled from message_preferences where user_id = u.id and category = ? and channel = 'EMAIL') e,
       (select enabled from message_preferences where user_id = u.id and category = ? and channel = 'SMS') s
     from users u where u.id = ?`,
  ).get(category, category, userId);
  if (!row || row.closedAt || (!row.ev && !row.pv)) return;
  const user = { fullName: row.fullName, email: row.email, phone: row.phone, emailVerifiedAt: row.ev, phoneVerifiedAt: row.pv };
  // No preference row: the channel is on.
  const prefs = { EMAIL: row.e === null || Boolean(row.e), SMS: row.s === null || Boolean(row.s) };
  const locale = recipientLocale(userId);
  const t = translatorFor(locale);
  const said = render(locale, message);
  const subject = render(locale, subjectOfKind(kind));
  const { appUrl } = getEnv();
  if (prefs.EMAIL && user.email && user.emailVerifiedAt) {
    const oneClick = unsubscribeUrl(userId, category);
    const url = linkIn(locale, oneClick);
    const why = render(locale, { msg: `mail.notice.why.${category}` });
    const portfolio = linkIn(locale, `${appUrl}/portfolio`);
    const choose = linkIn(locale, `${appUrl}/account#messages`);
    queueMessage({
      userId,
      channel: "EMAIL",
      kind,
      category,
      recipient: user.email,
      subject,
      text: `${t("mail.hello", { name: user.fullName })}\n\n${said}\n\n${t("mail.notice.portfolio", { url: portfolio })}\n\n--\n${why} ${t("mail.notice.stop", { url })}\n${t("mail.notice.choose", { url: choose })}`,
      html: htmlBody({
        heading: subject,
        paragraphs: [t("mail.hello", { name: user.fullName }), said],
        action: { label: t("mail.notice.openPortfolio"), url: portfolio },
        footer: `${escapeHtml(why)} <a href="${escapeHtml(url)}">${escapeHtml(t("mail.notice.unsubscribe"))}</a> · <a href="${escapeHtml(choose)}">${escapeHtml(t("mail.notice.chooseLink"))}</a>`,
      }),
      unsubscribeUrl: oneClick,
      message,
    });
  }
  if (prefs.SMS && user.phone && user.phoneVerifiedAt) {
    queueMessage({ userId, channel: "SMS", kind, category, recipient: user.phone, text: t("mail.sms", { text: render(locale, smsVersion(message, locale)) }), message });
  }
}

/**
 * A decision on the investor's own request (isDecisionKind: an identity check): by email and SMS to
 * confirmed contacts whatever the preferences, as the request was promised an answer; the email's
 * footer says why it came, with no unsubscribe (there is nothing more to stop).
 */
function queueDecision(userId: number, kind: string, message: MessageRef) {
  const user = recipient(userId);
  if (!user || user.closedAt) return;
  const locale = recipientLocale(userId);
  const t = translatorFor(locale);
  if (user.email && user.emailVerifiedAt) {
    const said = render(locale, message);
    const subject = render(locale, subjectOfKind(kind));
    const portfolio = linkIn(locale, `${getEnv().appUrl}/portfolio`);
    const why = t("mail.decision.why");
    queueMessage({
      userId,
      channel: "EMAIL",
      kind,
      category: "identity",
      recipient: user.email,
      subject,
      text: `${t("mail.hello", { name: user.fullName })}\n\n${said}\n\n${t("mail.notice.portfolio", { url: portfolio })}\n\n--\n${why}`,
      html: htmlBody({
        heading: subject,
        paragraphs: [t("mail.hello", { name: user.fullName }), said],
        action: { label: t("mail.notice.openPortfolio"), url: portfolio },
        footer: escapeHtml(why),
      }),
      message,
    });
  }
  if (user.phone && user.phoneVerifiedAt) {
    queueMessage({ userId, channel: "SMS", kind, category: "identity", recipient: user.phone, text: t("mail.sms", { text: render(locale, smsVersion(message, locale)) }), message });
  }
}

const SHORT_SMS_IDS: ReadonlySet<string> = new Set(Object.keys(smsShort));

/**
 * A notice as an SMS in `locale`: its own words where they go as one segment whole, else its shorter
 * words (smsShort), which drop the less needed part first (a security notice keeps its advice).
 */
export function smsVersion(message: MessageRef, locale: Locale): MessageRef {
  const short = `smsShort.${message.msg.replace(/^notices\./, "")}`;
  if (!SHORT_SMS_IDS.has(short) || fitsOneSms(render(locale, msg("mail.sms", { text: message })))) return message;
  return { msg: short, params: message.params };
}

// ---- security mail: always sent, never unsubscribable ----

/**
 * A link of ours as the recipient reads it: in a language other than English it names it (`?lang=ak`),
 * so a browser that never chose one (a mail app's own) opens the page in the email's language.
 */
function linkIn(locale: Locale, url: string): string {
  if (locale === "en") return url;
  const link = new URL(url);
  link.searchParams.set(LANGUAGE_COOKIE, locale);
  return link.toString();
}

/** A security email in the recipient's language: a greeting, the paragraphs, an optional link, and where to turn if it was not them. */
function securityEmail(
  user: { id: number; email: string; fullName: string },
  kind: string,
  { subject, paragraphs, action, message }: { subject: MessageRef; paragraphs: MessageRef[]; action?: { label: MessageRef; url: string }; message: MessageRef },
) {
  const locale = recipientLocale(user.id);
  const t = translatorFor(locale);
  const heading = render(locale, subject);
  const said = paragraphs.map((p) => render(locale, p));
  const link = action && { label: render(locale, action.label), url: linkIn(locale, action.url) };
  const text = [
    t("mail.hello", { name: user.fullName }),
    ...said,
    ...(link ? [t("mail.action", { label: link.label, url: link.url })] : []),
    t("mail.security.notYou", { url: linkIn(locale, `${getEnv().appUrl}/contact`) }),
  ].join("\n\n");
  queueMessage({
    userId: user.id,
    channel: "EMAIL",
    kind,
    category: "security",
    recipient: user.email,
    subject: heading,
    text,
    html: htmlBody({ heading, paragraphs: [t("mail.hello", { name: user.fullName }), ...said], action: link, footer: escapeHtml(t("mail.security.footer")) }),
    message,
  });
}

/** A security SMS in the recipient's language, to a phone given (confirmed, or the one a reset code goes to). */
function securitySms(userId: number, kind: string, phone: string, text: MessageRef, message: MessageRef = text) {
  queueMessage({ userId, channel: "SMS", kind, category: "security", recipient: phone, text: render(recipientLocale(userId), text), message });
}

/**
 * A security notice (isSecurityKind): always by email and SMS whatever the preferences, no
 * unsubscribe, but only to confirmed contacts.
 */
function queueSecurityNotice(userId: number, kind: string, message: MessageRef) {
  const user = recipient(userId);
  if (!user || user.closedAt) return;
  if (user.email && user.emailVerifiedAt) securityEmail({ ...user, email: user.email }, kind, { subject: subjectOfKind(kind), paragraphs: [message], message });
  if (user.phone && user.phoneVerifiedAt) securitySms(userId, kind, user.phone, msg("mail.sms", { text: smsVersion(message, recipientLocale(userId)) }), message);
}

/** A receipt (isReceiptKind): by SMS to the account's confirmed phone, whatever the preferences, in the account's language. */
function queueReceipt(userId: number, kind: string, message: MessageRef) {
  const user = recipient(userId);
  if (!user || user.closedAt || !user.phone || !user.phoneVerifiedAt) return;
  const locale = recipientLocale(userId);
  const text = render(locale, msg("mail.sms", { text: smsVersion(message, locale) }));
  queueMessage({ userId, channel: "SMS", kind, category: "money", recipient: user.phone, text, message });
}

/** The link that confirms the email address (24 hours, once). Goes to the unconfirmed address: that is the point. */
export function queueEmailConfirmation(user: { id: number; email: string; fullName: string }, token: string) {
  const url = `${getEnv().appUrl}/confirm-email/${token}`;
  securityEmail(user, "EMAIL_CONFIRM", {
    subject: msg("mail.emailConfirm.subject"),
    paragraphs: [msg("mail.emailConfirm.body")],
    action: { label: msg("mail.emailConfirm.action"), url },
    message: msg("mail.emailConfirm.body"),
  });
}

/** The 6-digit code that confirms the phone (10 minutes). */
export function queuePhoneCode(userId: number, phone: string, code: string) {
  securitySms(userId, "PHONE_CODE", phone, msg("mail.phoneCode", { code }));
}

/** A sign-in code for the phone number (issue 31: /login/phone, 10 minutes), to the account's confirmed phone. */
export function queueSignInCode(userId: number, phone: string, code: string) {
  securitySms(userId, "SIGN_IN_CODE", phone, msg("mail.signInCode", { code }));
}

/** The reset link by email, and a code by SMS when the phone is confirmed. */
export function queuePasswordReset(user: { id: number; email: string; fullName: string }, token: string, sms: { phone: string; code: string } | null) {
  securityEmail(user, "PASSWORD_RESET", {
    subject: msg("mail.reset.subject"),
    paragraphs: [msg("mail.reset.body"), msg("mail.reset.ignore")],
    action: { label: msg("mail.reset.action"), url: `${getEnv().appUrl}/reset-password/${token}` },
    message: msg("mail.reset.body"),
  });
  if (sms) securitySms(user.id, "PASSWORD_RESET", sms.phone, msg("mail.reset.sms", { code: sms.code }));
}

/** After a reset or a change: the owner learns of it, whichever contact they still control. */
export function queuePasswordChanged(userId: number) {
  const user = recipient(userId);
  if (!user || user.closedAt) return;
  const body = msg("mail.changed.body", { at: nowIso().slice(0, 16).replace("T", " ") });
  if (user.email) securityEmail({ ...user, email: user.email }, "PASSWORD_CHANGED", { subject: msg("mail.changed.subject"), paragraphs: [body, msg("mail.changed.done")], message: body });
  if (user.phone && user.phoneVerifiedAt) securitySms(userId, "PASSWORD_CHANGED", user.phone, msg("mail.changed.sms"));
}

/**
 * A closed account's contacts leave the outbox too: nothing more is sent, and what was sent keeps
 * only its kind, channel, status and times (the delivery record), not the address or the text.
 */
export function forgetMessagesOf(userId: number) {
  const db = getDb();
  const closed = lastErrorColumns(msg("outboxError.accountClosed"));
  db.update(outbox)
    .set({
      status: sql`case when ${outbox.status} in ('queued', 'sending') then 'failed' else ${outbox.status} end`,
      lastError: sql`case when ${outbox.status} in ('queued', 'sending') then ${closed.lastError} else ${outbox.lastError} end`,
      lastErrorId: sql`case when ${outbox.status} in ('queued', 'sending') then ${closed.lastErrorId} else ${outbox.lastErrorId} end`,
      lastErrorParams: sql`case when ${outbox.status} in ('queued', 'sending') then ${closed.lastErrorParams} else ${outbox.lastErrorParams} end`,
    })
    .where(eq(outbox.userId, userId))
    .run();
  db.update(outbox)
    .set({ recipient: "(closed account)", subject: "", bodyText: "(removed when the account was closed)", bodyHtml: null, unsubscribeUrl: null, messageId: null, messageParams: null })
    .where(eq(outbox.userId, userId))
    .run();
  db.delete(contactConfirmations).where(eq(contactConfirmations.userId, userId)).run();
  db.delete(messagePreferences).where(eq(messagePreferences.userId, userId)).run();
}
