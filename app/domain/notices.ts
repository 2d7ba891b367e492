/**
 * Messages that leave the app (email, SMS): which preference a notice belongs to, how its texts are
 * shaped, and when a failed delivery is tried again. Pure: no I/O, no clock.
 */
import type { MessageRef } from "~/catalog/format";

/** What an investor can turn on and off, per channel. Security messages are not among them. */
export const NOTICE_CATEGORIES = ["payouts", "money", "exits", "news"] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];
export type MessageCategory = NoticeCategory | "security" | "identity";

export const CHANNELS = ["EMAIL", "SMS"] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The preference each in-app notice kind (notify's `kind`) belongs to. A kind not listed here stays
 * in the app only; a new kind that should reach people is one line here.
 */
const KIND_CATEGORIES: Record<string, NoticeCategory> = {
  PAYOUT: "payouts",
  REINVESTED: "payouts",
  DEPOSIT_CREDITED: "money",
  DEPOSIT_FAILED: "money",
  DEPOSIT_REFUNDED: "money",
  DEPOSIT_REFUND_FAILED: "money",
  WITHDRAWAL_SENT: "money",
  WITHDRAWAL_FAILED: "money",
  WITHDRAWAL_REVERSED: "money",
  EXIT_FILLED: "exits",
  EXIT_CANCELLED: "exits",
  NEWS: "news",
};

/**
 * Security notices: no preference governs them, and they always go by email and SMS to confirmed
 * contacts (as the security mail about a password change does). ADMIN_SECURITY (issue 20) tells every
 * admin of an admin's sign-in from a new device, a password change, and the like (notifyAdmins).
 * DESTINATION_ADDED and WITHDRAWAL_REQUESTED (issue 26): a stolen session must not add a payout
 * destination or take money out without the owner hearing of it. PIN_LOCKED (issue 31): three wrong
 * PINs in a row may be someone guessing it; PIN_SET: a new PIN lets money move on USSD.
 */
const SECURITY_KINDS = new Set(["ADMIN_SECURITY", "DESTINATION_ADDED", "WITHDRAWAL_REQUESTED", "PIN_LOCKED", "PIN_SET"]);

export function isSecurityKind(kind: string): boolean {
  return SECURITY_KINDS.has(kind);
}

/**
 * Receipts (issue 31): a money action asked for on USSD (an investment, a deposit started, a
 * withdrawal requested) is answered by an SMS with its reference to the account's confirmed phone,
 * whatever the preferences: a USSD screen cannot be kept, the SMS is the caller's record of it.
 * SMS only, never email (the web door has its own receipts).
 */
const RECEIPT_KINDS = new Set(["RECEIPT"]);

export function isReceiptKind(kind: string): boolean {
  return RECEIPT_KINDS.has(kind);
}

/**
 * Decisions on the investor's own request (an identity check): the answer the KYC page promised "by
 * email and SMS", so no preference governs it; sent to confirmed contacts, with a footer that says
 * why it came and no unsubscribe. Not a security notice: nothing in it calls for alarm.
 */
const DECISION_KINDS = new Set(["KYC_APPROVED", "KYC_REJECTED"]);

export function isDecisionKind(kind: string): boolean {
  return DECISION_KINDS.has(kind);
}

export function categoryOfKind(kind: string): NoticeCategory | null {
  return KIND_CATEGORIES[kind] ?? null;
}

/** The kinds whose email has a subject of its own in the catalog (`mail.subject.<KIND>`). */
const KINDS_WITH_SUBJECT = new Set([...Object.keys(KIND_CATEGORIES), ...SECURITY_KINDS, ...DECISION_KINDS]);

/** A notice's email subject, in the investor's words: a catalog message, rendered in the recipient's language. */
export function subjectOfKind(kind: string): MessageRef {
  return { msg: KINDS_WITH_SUBJECT.has(kind) ? `mail.subject.${kind}` : "mail.subject.other" };
}

export function isNoticeCategory(value: string): value is NoticeCategory {
  return (NOTICE_CATEGORIES as readonly string[]).includes(value);
}

/**
 * One SMS segment is 160 characters in the GSM-7 alphabet, but only 70 once a single character
 * outside it (₵, …, curly quotes, most non-Latin letters) makes the whole text Unicode (UCS-2);
 * longer texts cost more and arrive in pieces.
 */
export const SMS_MAX = 160;
export const SMS_UCS2_MAX = 70;

const GSM7_BASIC = new Set("@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà");
/** Written as an escape and the character: two places each. */
const GSM7_EXTENSION = new Set("^{}\\[~]|€");

/** How many GSM-7 places the text takes, or null when GSM-7 cannot write it (it would go as Unicode). */
export function gsm7Length(text: string): number | null {
  let n = 0;
  for (const ch of text) {
    if (GSM7_BASIC.has(ch)) n += 1;
    else if (GSM7_EXTENSION.has(ch)) n += 2;
    else return null;
  }
  return n;
}

/**
 * The usual characters of our texts that GSM-7 lacks, in ones it has. Twi's open vowels ɛ and ɔ are
 * written e and o, as Twi readers write them on phones: one of them would make the whole message
 * Unicode, 70 characters a segment instead of 160.
 */
export function toGsm7(text: string): string {
  return text
    .replace(/GH₵\s?|₵\s?/g, "GHS ")
    .replace(/ɛ/g, "e")
    .replace(/Ɛ/g, "E")
    .replace(/ɔ/g, "o")
    .replace(/Ɔ/g, "O")
    .replace(/…/g, "...")
    .replace(/[‐‑‒–—―]/g, "-")
    .replace(/[‘’‚‛]/g, "'")
    .replace(/[“”„‟]/g, '"');
}

const inGsm7 = (ch: string) => GSM7_BASIC.has(ch) || GSM7_EXTENSION.has(ch);

/**
 * Text GSM-7 writes whole, for a USSD screen: toGsm7's replacements, then a letter GSM-7 lacks
 * written without its accent (ŋ and the like, which have none to drop, as "?"), and any other
 * character as "?". A farm's name shown on a screen must not make it Unicode (half the room).
 */
export function gsm7Only(text: string): string {
  let out = "";
  for (const ch of toGsm7(text.normalize("NFC"))) {
    if (inGsm7(ch)) out += ch;
    else {
      const bare = ch.normalize("NFD").replace(/\p{M}/gu, "");
      // A lone combining mark (the tilde of "ɔ̃" written as two characters) goes with its accent.
      out += bare === "" || [...bare].every(inGsm7) ? bare : "?";
    }
  }
  return out;
}

/**
 * The text as one SMS segment: in GSM-7 where it can be (160 places), else as Unicode (70), cut on a
 * word boundary where it can be and ending in "...".
 */
export function smsText(text: string): string {
  const flat = toGsm7(text.replace(/\s+/g, " ").trim());
  const gsm = gsm7Length(flat) !== null;
  const size = (t: string) => (gsm ? gsm7Length(t)! : t.length);
  const max = gsm ? SMS_MAX : SMS_UCS2_MAX;
  if (size(flat) <= max) return flat;
  // Room for "..." after the cut; a surrogate pair (an emoji) is never split. Every character takes
  // at least one place, so the first `max` are all that can stay.
  let cut = flat.slice(0, max);
  while (size(cut) > max - 3) cut = cut.slice(0, /[\uDC00-\uDFFF]/.test(cut.at(-1) ?? "") ? -2 : -1);
  const space = cut.lastIndexOf(" ");
  return `${space > cut.length * 0.6 ? cut.slice(0, space) : cut}...`;
}

/** Whether the text goes as one SMS segment whole (smsText would not cut it). */
export function fitsOneSms(text: string): boolean {
  return smsText(text) === toGsm7(text.replace(/\s+/g, " ").trim());
}

/**
 * Seconds to wait before try number `attempt + 1` after `attempt` failed ones: base, 2 x base,
 * 4 x base, ... capped at an hour.
 */
export function retryDelaySeconds(attempt: number, baseSeconds: number): number {
  return Math.min(3600, baseSeconds * 2 ** Math.max(0, attempt - 1));
}

/**
 * How long one send may take, in milliseconds, for a lease of `leaseSeconds`: the lease less a tenth
 * of it (at most 5 s), kept to record the answer. A send still unanswered then is given up, so no
 * send outlives its lease (which the sweeper would take for a stopped worker's); a provider timeout
 * (SMTP_TIMEOUT_MS) must be shorter than this, or it would never come into play.
 */
export function sendLimitMs(leaseSeconds: number): number {
  const leaseMs = Math.round(leaseSeconds * 1000);
  return leaseMs - Math.min(5000, Math.round(leaseMs / 10));
}

/** "kofi.mensah@example.com" -> "k***@example.com": what a production log may show of an email address. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf("@");
  return at > 0 ? `${address[0]}***${address.slice(at)}` : "***";
}

/**
 * What a log or an admin page may show of a phone or an account number: its last 3 digits.
 * "+233241234567" -> "+233 *** *** 567", "0551234987" -> "*******987". More would single a person
 * out: the network's two digits and the last four left one number in a thousand.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (digits.length <= 3) return "***";
  if (/^\+233\d{9}$/.test(phone)) return `+233 *** *** ${digits.slice(-3)}`;
  return `${"*".repeat(digits.length - 3)}${digits.slice(-3)}`;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * A small HTML body beside the plain text: the same paragraphs, links made clickable, no images,
 * no tracking, inline styles only (mail clients drop style sheets).
 */
export function htmlBody({ heading, paragraphs, action, footer }: { heading: string; paragraphs: string[]; action?: { label: string; url: string }; footer?: string }): string {
  const p = (t: string) => `<p style="margin:0 0 12px">${escapeHtml(t)}</p>`;
  return [
    `<!doctype html><html><body style="font-family:Arial,sans-serif;font-size:16px;color:#1c1917;max-width:560px;margin:0 auto;padding:16px">`,
    `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
    ...paragraphs.map(p),
    action
      ? `<p style="margin:16px 0"><a href="${escapeHtml(action.url)}" style="background:#15803d;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 12px;font-size:13px;color:#57534e">${escapeHtml(action.url)}</p>`
      : "",
    footer ? `<hr style="border:0;border-top:1px solid #e7e5e4;margin:24px 0 12px"><p style="font-size:13px;color:#57534e;margin:0">${footer}</p>` : "",
    `</body></html>`,
  ].join("");
}

export { escapeHtml };
