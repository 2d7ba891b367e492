/**
 * What a person is told outside the app (issue 16), written to the outbox in the caller's
 * transaction: notices (per the user's preferences, to confirmed contacts only, with one-click
 * unsubscribe) and security mail (always, to the address on the account even before it is
 * confirmed, never with an unsubscribe link). The worker in outbox.server.ts delivers them.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import {
  CATEGORY_LABELS,
  CHANNELS,
  NOTICE_CATEGORIES,
  categoryOfKind,
  htmlBody,
  escapeHtml,
  isNoticeCategory,
  isSecurityKind,
  smsText,
  subjectOfKind,
  type Channel,
  type MessageCategory,
  type NoticeCategory,
} from "~/domain/notices";
import { nowIso } from "~/lib/clock.server";
import { getDb, prepared } from "~/lib/db.server";
import { sameSecret } from "~/lib/password.server";
import { getEnv } from "~/lib/env.server";
import { contactConfirmations, messagePreferences, outbox, users } from "~/models/schema.server";

type Recipient = { id: number; email: string; fullName: string; phone: string | null; emailVerifiedAt: string | null; phoneVerifiedAt: string | null; closedAt: string | null };

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
};

/** One outbox row, due now. Call it inside the transaction of what caused it. */
export function queueMessage(input: QueueInput): number {
  const text = input.channel === "SMS" ? smsText(input.text) : input.text;
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
  getDb().transaction(() => {
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
export function unsubscribe(token: string): { category: NoticeCategory; label: string } | null {
  const read = readUnsubscribeToken(token);
  if (!read || !recipient(read.userId)) return null;
  setPreference(read.userId, read.category, "EMAIL", false);
  return { category: read.category, label: CATEGORY_LABELS[read.category] };
}

// ---- notices ----

const FOOTER_TEXT = (url: string, label: string) =>
  `You get these emails about ${label.toLowerCase()} because you invest with Akoko. Stop them: ${url}\nChoose what you receive: ${getEnv().appUrl}/account#messages`;

/**
 * Queues what an in-app notice (notify) also says by email and SMS: only for kinds that belong to a
 * preference, only to confirmed contacts, and only where the investor left that channel on.
 */
export function queueNotice(userId: number, kind: string, message: string) {
  if (isSecurityKind(kind)) return queueSecurityNotice(userId, kind, message);
  const category = categoryOfKind(kind);
  if (!category) return;
  // One prepared lookup: a payout run calls this once per investor.
  const row = prepared<
    [NoticeCategory, NoticeCategory, number],
    { email: string; fullName: string; phone: string | null; ev: string | null; pv: string | null; closedAt: string | null; e: number | null; s: number | null }
  >(
    `select u.email, u.full_name fullName, u.phone, u.email_verified_at ev, u.phone_verified_at pv, u.closed_at closedAt,
       (select enabled from message_preferences where user_id = u.id and category = ? and channel = 'EMAIL') e,
       (select enabled from message_preferences where user_id = u.id and category = ? and channel = 'SMS') s
     from users u where u.id = ?`,
  ).get(category, category, userId);
  if (!row || row.closedAt || (!row.ev && !row.pv)) return;
  const user = { fullName: row.fullName, email: row.email, phone: row.phone, emailVerifiedAt: row.ev, phoneVerifiedAt: row.pv };
  const prefs = { EMAIL: row.e !== 0, SMS: row.s !== 0 };
  const subject = subjectOfKind(kind);
  const { appUrl } = getEnv();
  if (prefs.EMAIL && user.emailVerifiedAt) {
    const url = unsubscribeUrl(userId, category);
    const label = CATEGORY_LABELS[category];
    queueMessage({
      userId,
      channel: "EMAIL",
      kind,
      category,
      recipient: user.email,
      subject,
      text: `Hello ${user.fullName},\n\n${message}\n\nYour portfolio: ${appUrl}/portfolio\n\n--\n${FOOTER_TEXT(url, label)}`,
      html: htmlBody({
        heading: subject,
        paragraphs: [`Hello ${user.fullName},`, message],
        action: { label: "Open your portfolio", url: `${appUrl}/portfolio` },
        footer: `You get these emails about ${escapeHtml(label.toLowerCase())} because you invest with Akoko. <a href="${escapeHtml(url)}">Unsubscribe</a> · <a href="${escapeHtml(appUrl)}/account#messages">Choose what you receive</a>`,
      }),
      unsubscribeUrl: url,
    });
  }
  if (prefs.SMS && user.phone && user.phoneVerifiedAt) {
    queueMessage({ userId, channel: "SMS", kind, category, recipient: user.phone, text: `Akoko: ${message}` });
  }
}

// ---- security mail: always sent, never unsubscribable ----

function securityEmail(user: { id: number; email: string; fullName: string }, kind: string, subject: string, paragraphs: string[], action?: { label: string; url: string }) {
  const text = [
    `Hello ${user.fullName},`,
    ...paragraphs,
    ...(action ? [`${action.label}: ${action.url}`] : []),
    "If this was not you, write to us through the contact page: " + `${getEnv().appUrl}/contact`,
  ].join("\n\n");
  queueMessage({
    userId: user.id,
    channel: "EMAIL",
    kind,
    category: "security",
    recipient: user.email,
    subject,
    text,
    html: htmlBody({
      heading: subject,
      paragraphs: [`Hello ${user.fullName},`, ...paragraphs],
      action,
      footer: "A security message about your Akoko account. If this was not you, write to us through the contact page.",
    }),
  });
}

/**
 * A security notice (isSecurityKind): always by email and SMS whatever the preferences, no
 * unsubscribe, but only to confirmed contacts.
 */
function queueSecurityNotice(userId: number, kind: string, message: string) {
  const user = recipient(userId);
  if (!user || user.closedAt) return;
  if (user.emailVerifiedAt) securityEmail(user, kind, subjectOfKind(kind), [message]);
  if (user.phone && user.phoneVerifiedAt) queueMessage({ userId, channel: "SMS", kind, category: "security", recipient: user.phone, text: `Akoko: ${message}` });
}

/** The link that confirms the email address (24 hours, once). Goes to the unconfirmed address: that is the point. */
export function queueEmailConfirmation(user: { id: number; email: string; fullName: string }, token: string) {
  securityEmail(user, "EMAIL_CONFIRM", "Confirm your email address", ["Open this link to confirm that this is your email address. It works once, for 24 hours."], {
    label: "Confirm my email",
    url: `${getEnv().appUrl}/confirm-email/${token}`,
  });
}

/** The 6-digit code that confirms the phone (10 minutes). */
export function queuePhoneCode(userId: number, phone: string, code: string) {
  queueMessage({
    userId,
    channel: "SMS",
    kind: "PHONE_CODE",
    category: "security",
    recipient: phone,
    text: `Akoko: your code to confirm this phone is ${code}. It expires in 10 minutes. Never share it.`,
  });
}

/** The reset link by email, and a code by SMS when the phone is confirmed. */
export function queuePasswordReset(user: { id: number; email: string; fullName: string }, token: string, sms: { phone: string; code: string } | null) {
  securityEmail(
    user,
    "PASSWORD_RESET",
    "Reset your Akoko password",
    [
      "Someone asked to reset the password of your Akoko account. Open this link to choose a new one. It works once, for one hour.",
      "If you did not ask, ignore this email: your password stays as it is.",
    ],
    { label: "Choose a new password", url: `${getEnv().appUrl}/reset-password/${token}` },
  );
  if (sms) {
    queueMessage({
      userId: user.id,
      channel: "SMS",
      kind: "PASSWORD_RESET",
      category: "security",
      recipient: sms.phone,
      text: `Akoko: your password reset code is ${sms.code}. It expires in 1 hour. Never share it. Not you? Ignore this.`,
    });
  }
}

/** After a reset or a change: the owner learns of it, whichever contact they still control. */
export function queuePasswordChanged(userId: number) {
  const user = recipient(userId);
  if (!user || user.closedAt) return;
  securityEmail(user, "PASSWORD_CHANGED", "Your Akoko password was changed", [
    `The password of your Akoko account was changed on ${nowIso().slice(0, 16).replace("T", " ")} UTC, and every other device signed in was logged out.`,
    "If you did this, there is nothing more to do.",
  ]);
  if (user.phone && user.phoneVerifiedAt) {
    queueMessage({ userId, channel: "SMS", kind: "PASSWORD_CHANGED", category: "security", recipient: user.phone, text: "Akoko: your password was changed. Not you? Reset it now and contact us." });
  }
}

/**
 * A closed account's contacts leave the outbox too: nothing more is sent, and what was sent keeps
 * only its kind, channel, status and times (the delivery record), not the address or the text.
 */
export function forgetMessagesOf(userId: number) {
  const db = getDb();
  db.update(outbox)
    .set({
      status: sql`case when ${outbox.status} in ('queued', 'sending') then 'failed' else ${outbox.status} end`,
      lastError: sql`case when ${outbox.status} in ('queued', 'sending') then 'The account was closed before it was sent.' else ${outbox.lastError} end`,
    })
    .where(eq(outbox.userId, userId))
    .run();
  db.update(outbox).set({ recipient: "(closed account)", subject: "", bodyText: "(removed when the account was closed)", bodyHtml: null, unsubscribeUrl: null }).where(eq(outbox.userId, userId)).run();
  db.delete(contactConfirmations).where(eq(contactConfirmations.userId, userId)).run();
  db.delete(messagePreferences).where(eq(messagePreferences.userId, userId)).run();
}
