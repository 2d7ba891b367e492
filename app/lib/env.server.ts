import path from "node:path";
import { z } from "zod";
import { parseAddressList, type AddressList } from "~/lib/address-list.server";
import { engineOf, sqliteFileOf } from "~/lib/database-url.server";
import { keysMayTravelTo } from "~/lib/provider-url";
import { sendLimitMs } from "~/domain/notices";

const DEV_SESSION_SECRET = "dev-only-secret-change-me";
const DEV_ADMIN_PASSWORD = "admin-demo-pass";
const DEV_INVESTOR_PASSWORD = "investor-demo-pass";

/** Development only: never used in production, where KYC_ENCRYPTION_KEY must be set. */
const DEV_KYC_ENCRYPTION_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

/** A 32-byte key from 64 hex characters or base64; null when it is not one. */
function decodeKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, "hex") : /^[A-Za-z0-9+/]{43}=?$/.test(trimmed) ? Buffer.from(trimmed, "base64") : null;
  return key && key.length === 32 ? key : null;
}

/**
 * The address of a provider's API that our secret keys travel to: https, or plain http only to this
 * machine (a test fake). The adapters check it again; here a bad one stops the start-up with a message.
 */
const providerApiUrl = (example: string) => z.string().refine(keysMayTravelTo, `give the API's https:// address, e.g. ${example} (plain http only to 127.0.0.1 or localhost)`);

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z.string().min(1).default("./data/akoko.db"),
  SESSION_SECRET: z.string().min(1).default(DEV_SESSION_SECRET),
  ADMIN_EMAIL: z.string().email().default("admin@akoko.test"),
  ADMIN_PASSWORD: z.string().min(8).default(DEV_ADMIN_PASSWORD),
  DEMO_INVESTOR_EMAIL: z.string().email().default("ama@akoko.test"),
  DEMO_INVESTOR_PASSWORD: z.string().min(8).default(DEV_INVESTOR_PASSWORD),
  /**
   * Seed an empty database with demo farms, batches, investors and their money. Default: on, except
   * in production, where an empty database gets only its admin (no made-up money in a real ledger).
   */
  SEED_DEMO_DATA: booleanFlag.optional(),
  /** Secure cookies need HTTPS; on by default in production. */
  COOKIE_SECURE: booleanFlag.optional(),
  /**
   * Lets a reader ask for the pseudo-locale (`lang=pseudo`): every catalog text accented and in
   * brackets, so a word that bypassed the catalog shows. For tests and translators; off by default.
   */
  PSEUDO_LOCALE: booleanFlag.default(false),
  /**
   * The site's public address (https://...). Links sent to people (password reset) are built from it,
   * never from the request's Host header, which the client chooses. Required in production.
   */
  APP_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || (/^https?:\/\/[^/]/i.test(v) && URL.canParse(v)), "give the site's public address, e.g. https://akoko.example"),
  /**
   * How many proxies in front of the server to believe in X-Forwarded-For (0 or off: none; the
   * socket's address is the client). Behind one TLS proxy: 1. Applied in scripts/server.js.
   */
  TRUST_PROXY: z.preprocess((v) => (typeof v === "string" && ["off", "false", ""].includes(v.trim().toLowerCase()) ? "0" : v), z.coerce.number().int().min(0).max(10)).default(0),
  /** Failed logins per window for one client address and one account, before 429 (and not counting the password). */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /*
   * Address-wide limits per window. Ghana's mobile networks put many customers behind one address
   * (carrier-grade NAT), so these are in the hundreds; the address-wide login counter never refuses
   * a correct password (app/lib/auth.server.ts).
   */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(300),
  REGISTRATIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  CONTACT_MESSAGES_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  RESET_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  /** Password-reset requests per window for one email address (whether or not it has an account). */
  RESET_REQUESTS_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Readings requests one farm device may post per window (POST /api/v1/farm-devices/readings), before 429. */
  DEVICE_POSTS_PER_WINDOW: z.coerce.number().int().min(1).default(120),
  /** Early-exit administrative fee, a fraction between 3% and 7%. */
  EARLY_EXIT_FEE_RATE: z.coerce.number().min(0.03).max(0.07).default(0.05),
  /**
   * Who moves money in and out (issue 15). `demo` (the default): deposits and withdrawals complete at
   * once, as the product's demo mode. `paystack`: real mobile money, cards and bank through Paystack.
   */
  PAYMENTS_PROVIDER: z.enum(["demo", "paystack"]).default("demo"),
  /** Paystack's secret key (sk_test_... in test mode): the API's bearer token and the webhook signing key. */
  PAYSTACK_SECRET_KEY: z.string().optional(),
  PAYSTACK_BASE_URL: providerApiUrl("https://api.paystack.co").default("https://api.paystack.co"),
  /** How often the sweep asks the provider about deposits and withdrawals left pending (0: never). */
  PAYMENTS_SWEEP_SECONDS: z.coerce.number().int().min(0).default(60),
  /** How old a pending deposit or withdrawal must be before the sweep asks about it. */
  PAYMENTS_SWEEP_AFTER_SECONDS: z.coerce.number().int().min(0).default(120),
  /**
   * Worker processes serving the same port and SQLite file (scripts/server.js). Default: the
   * machine's cores in production, 1 elsewhere.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Bearer token that reads /metrics (Prometheus). Unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
  /**
   * SQLite's `synchronous` for the WAL. FULL (the default) fsyncs every commit: a power cut cannot
   * drop a deposit already confirmed to an investor. NORMAL is faster and safe against a crash of
   * the process, not of the machine. See docs/performance.md.
   */
  SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
  /**
   * Withholding tax on investors' income (egg monthly income, a harvest's return; never principal or
   * exit proceeds), a fraction: Ghana's 8% on interest and dividends to resident individuals. 0 turns it off.
   */
  /**
   * Issue 20: must admins sign in with two factors? Default: required in production (an admin
   * without them reaches only the enrolment page), optional elsewhere. The test servers turn it off
   * except where it is tested; never turn it off on a real installation.
   */
  ADMIN_TWO_FACTOR: z.enum(["required", "optional"]).optional(),
  /** Issue 18: the platform's tax number (TIN) printed as the payer on tax certificates and reports. */
  TAX_PAYER_TIN: z.string().trim().max(40).optional(),
  WITHHOLDING_TAX_RATE: z.coerce.number().min(0, "give a fraction between 0 and 0.5, e.g. 0.08").max(0.5, "give a fraction between 0 and 0.5, e.g. 0.08").default(0.08),
  /** Farm-log photos on disk; empty means an `uploads` folder next to the database file. */
  UPLOADS_DIR: z.string().optional(),
  /**
   * Tests only: runs the app's clock (app/lib/clock.server.ts) this many days ahead (or behind, when
   * negative; fractions allowed), so month boundaries and expiries can be reached without waiting.
   * Refused in production: a real ledger never runs on a shifted clock.
   */
  AKOKO_CLOCK_OFFSET_DAYS: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce.number({ error: "give a number of days, e.g. 40 or -0.5" }).finite("give a number of days, e.g. 40 or -0.5").min(-36_500, "at most 100 years").max(36_500, "at most 100 years").optional(),
  ),
  /**
   * Tests only: runs every outermost write transaction's callback twice, the first run rolled back,
   * as PostgreSQL's retry after a serialization failure would (app/lib/db.server.ts,
   * docs/transactions.md). Honoured in every mode, since the test servers run as production does:
   * it costs a second run of every write and changes nothing else.
   */
  AKOKO_TEST_RERUN_TRANSACTIONS: booleanFlag.optional(),
  /*
   * Messages that leave the app (issue 16): email and SMS through the outbox. `demo` sends nothing:
   * every message is printed to the log and readable at /admin/outbox.
   */
  EMAIL_PROVIDER: z.enum(["demo", "smtp"]).default("demo"),
  /** smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465. Needed with EMAIL_PROVIDER=smtp. */
  SMTP_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || (/^smtps?:\/\/[^/]/i.test(v) && URL.canParse(v)), "give an smtp:// or smtps:// address, e.g. smtp://user:password@smtp.example:587"),
  /**
   * How long, in milliseconds, the SMTP client waits for the connection, the greeting and each
   * answer of the mail server before giving up on that try (the outbox tries again later, or marks
   * the message failed when the whole message had already gone over). With EMAIL_PROVIDER=smtp it
   * must be shorter than what the outbox gives one send (OUTBOX_LEASE_SECONDS less a tenth, at most
   * 5 s: sendLimitMs), or start-up is refused: a wait the lease cuts short never comes into play.
   */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(50).max(600_000).default(15_000),
  /** The From of every email: an address, or "Name <address>". */
  MAIL_FROM: z.string().min(3).default("Akoko <no-reply@akoko.test>"),
  SMS_PROVIDER: z.enum(["demo", "hubtel"]).default("demo"),
  /** Hubtel's SMS API keys (Programmable SMS > API keys). Needed with SMS_PROVIDER=hubtel. */
  HUBTEL_CLIENT_ID: z.string().optional(),
  HUBTEL_CLIENT_SECRET: z.string().optional(),
  /** Tests only point this at a fake; default https://sms.hubtel.com. */
  HUBTEL_SMS_URL: providerApiUrl("https://sms.hubtel.com").optional(),
  /** The sender id on every SMS (registered with the provider): 1-11 letters, digits or spaces. */
  SMS_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{1,11}$/, "1 to 11 letters, digits or spaces")
    .default("Akoko"),
  /** Run the outbox worker in this process (several processes may run it on one database). */
  OUTBOX_WORKER: booleanFlag.default(true),
  /** How often the worker looks for messages due, in milliseconds. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(600_000).default(2000),
  /** Tries per message before it is marked failed (and shown on /admin/outbox with a Retry button). */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** Wait before the second try, in seconds; doubled for each try after it (at most an hour). */
  OUTBOX_RETRY_SECONDS: z.coerce.number().min(0.01).max(3600).default(30),
  /**
   * How long a worker holds a message while sending it. One still held when this runs out belonged
   * to a worker that stopped mid-send: it may have arrived, so it is marked failed, never re-sent.
   */
  OUTBOX_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  /**
   * Issue 17: the AES-256-GCM key that encrypts identity numbers in kyc_submissions: 32 random bytes
   * as 64 hex characters or base64 (`openssl rand -hex 32`). Required in production, never logged;
   * outside production a fixed development key is used. Losing it makes stored ID numbers unreadable.
   */
  /**
   * Issue 17: who checks identities. `demo` approves a well-formed submission at once; `manual` waits
   * for an admin on /admin/kyc. Default: demo, except in production, where it is manual (a demo
   * approver must never run there by accident).
   */
  KYC_PROVIDER: z.enum(["demo", "manual"]).optional(),
  /**
   * Issue 17: hours before a newly added payout destination may receive money, so that someone who
   * takes over an account cannot empty it at once.
   */
  DESTINATION_COOLING_OFF_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** Issue 20: withdrawals above this many GHS wait for an admin's approval before they are sent. */
  LARGE_WITHDRAWAL_GHS: z.coerce.number().min(0).max(10_000_000).default(5000),
  KYC_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === "" || decodeKey(v) !== null, "give 32 random bytes as 64 hex characters or base64, e.g. from `openssl rand -hex 32`"),
  /**
   * Issue 31: the secret part of the USSD gateways' callback paths (/ussd/africastalking/<secret>,
   * /ussd/hubtel/<secret>). Unset: both paths answer 404. Never logged (the request log writes `[token]`).
   */
  USSD_CALLBACK_SECRET: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .min(16, "at least 16 characters, e.g. from `openssl rand -hex 16`")
      .regex(/^[A-Za-z0-9._~-]+$/, "letters, digits and . _ ~ - only (it is part of a URL path)")
      .optional(),
  ),
  /**
   * Issue 31: the addresses the USSD gateways call from (a comma list of addresses and IPv4/IPv6
   * CIDR ranges). Set, a caller from elsewhere is refused with 403 even with the right secret.
   */
  USSD_ALLOWED_IPS: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .refine((v) => parseAddressList(v) !== null, "give addresses or CIDR ranges separated by commas, e.g. 196.201.214.0/24, 52.48.80.50")
      .optional(),
  ),
});

export type Env = z.infer<typeof EnvSchema> & {
  cookieSecure: boolean;
  uploadsDir: string;
  seedDemoData: boolean;
  appUrl: string;
  /** How far the app's clock runs ahead of the real one, in milliseconds (0 unless AKOKO_CLOCK_OFFSET_DAYS is set). */
  clockOffsetMs: number;
  kycProvider: "demo" | "manual";
  adminTwoFactorRequired: boolean;
  /** KYC_ENCRYPTION_KEY decoded (32 bytes), or the development key outside production. */
  kycEncryptionKey: Buffer;
  /** USSD_ALLOWED_IPS read: null when unset (any caller with the secret is answered). */
  ussdAllowedIps: AddressList | null;
};

const DAY_MS = 24 * 3600 * 1000;

/** Reads and checks the environment (exported for its unit test; the app calls `getEnv`). */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  const env = parsed.data;
  // One send must end before its lease does: a send still going then would be taken for a stopped
  // worker's (failed, and sent again if an admin retries it). The outbox cuts it off there; a mail
  // server timeout longer than that would never fire, so the settings contradict each other.
  const limitMs = sendLimitMs(env.OUTBOX_LEASE_SECONDS);
  if (env.EMAIL_PROVIDER === "smtp" && env.SMTP_TIMEOUT_MS >= limitMs) {
    throw new Error(
      `Refusing to start: SMTP_TIMEOUT_MS (${env.SMTP_TIMEOUT_MS} ms) must be shorter than the time the outbox gives one send, ${limitMs} ms for OUTBOX_LEASE_SECONDS=${env.OUTBOX_LEASE_SECONDS} (the lease less a tenth, at most 5 s). Lower SMTP_TIMEOUT_MS or raise OUTBOX_LEASE_SECONDS.`,
    );
  }
  if (env.NODE_ENV === "production") {
    if (env.AKOKO_CLOCK_OFFSET_DAYS !== undefined) {
      throw new Error("Refusing to start in production with AKOKO_CLOCK_OFFSET_DAYS set: a shifted clock is for tests only (payout months, exit dates and expiries would be wrong). Unset it.");
    }
    const missing: string[] = [];
    if (env.SESSION_SECRET === DEV_SESSION_SECRET || env.SESSION_SECRET.length < 16) missing.push("SESSION_SECRET (a random string of at least 16 characters)");
    if (env.ADMIN_PASSWORD === DEV_ADMIN_PASSWORD) missing.push("ADMIN_PASSWORD (the seeded admin's password, not the demo default)");
    // The demo seed creates an investor with money; the default password is printed in the README.
    if (env.SEED_DEMO_DATA === true && env.DEMO_INVESTOR_PASSWORD === DEV_INVESTOR_PASSWORD)
      missing.push("DEMO_INVESTOR_PASSWORD (SEED_DEMO_DATA=true seeds a demo investor: give it a password that is not the published default, or leave SEED_DEMO_DATA off)");
    if (env.EMAIL_PROVIDER === "smtp") {
      if (!env.SMTP_URL) missing.push("SMTP_URL (EMAIL_PROVIDER=smtp: the mail server, smtp://user:password@host:587)");
      if (!source.MAIL_FROM) missing.push("MAIL_FROM (EMAIL_PROVIDER=smtp: the From address, e.g. Akoko <no-reply@akoko.example>)");
    }
    if (env.SMS_PROVIDER === "hubtel" && (!env.HUBTEL_CLIENT_ID || !env.HUBTEL_CLIENT_SECRET)) missing.push("HUBTEL_CLIENT_ID and HUBTEL_CLIENT_SECRET (SMS_PROVIDER=hubtel: the SMS API keys)");
    if (!env.APP_URL) missing.push("APP_URL (the site's public address, e.g. https://akoko.example: password-reset links are built from it)");
    if (env.PAYMENTS_PROVIDER === "paystack" && !env.PAYSTACK_SECRET_KEY) missing.push("PAYSTACK_SECRET_KEY (PAYMENTS_PROVIDER is paystack: its secret key, sk_live_... or sk_test_...)");
    if (!env.KYC_ENCRYPTION_KEY) missing.push("KYC_ENCRYPTION_KEY (32 random bytes as 64 hex characters, e.g. from `openssl rand -hex 32`: it encrypts identity numbers)");
    if (missing.length > 0) {
      throw new Error(`Refusing to start in production. Set these environment variables:\n  ${missing.join("\n  ")}`);
    }
  }
  return {
    ...env,
    cookieSecure: env.COOKIE_SECURE ?? env.NODE_ENV === "production",
    seedDemoData: env.SEED_DEMO_DATA ?? env.NODE_ENV !== "production",
    appUrl: env.APP_URL ? new URL(env.APP_URL).origin : `http://localhost:${env.PORT}`,
    uploadsDir: path.resolve(env.UPLOADS_DIR || defaultUploadsDir(env.DATABASE_URL)),
    clockOffsetMs: Math.round((env.AKOKO_CLOCK_OFFSET_DAYS ?? 0) * DAY_MS),
    kycProvider: env.KYC_PROVIDER ?? (env.NODE_ENV === "production" ? "manual" : "demo"),
    adminTwoFactorRequired: (env.ADMIN_TWO_FACTOR ?? (env.NODE_ENV === "production" ? "required" : "optional")) === "required",
    kycEncryptionKey: decodeKey(env.KYC_ENCRYPTION_KEY || DEV_KYC_ENCRYPTION_KEY)!,
    ussdAllowedIps: env.USSD_ALLOWED_IPS ? parseAddressList(env.USSD_ALLOWED_IPS) : null,
  };
}

let cached: Env | undefined;
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Reads the environment afresh at the next getEnv(): for unit tests that each point the app at a database file of their own. */
export function forgetEnv(): void {
  cached = undefined;
}

export const DEMO_DEFAULTS = { DEV_ADMIN_PASSWORD, DEV_SESSION_SECRET };

/** Beside the SQLite file; on PostgreSQL (no file), ./data/uploads, which several hosts must share (UPLOADS_DIR). */
function defaultUploadsDir(databaseUrl: string): string {
  return engineOf(databaseUrl) === "postgres" ? path.join("data", "uploads") : path.join(path.dirname(sqliteFileOf(databaseUrl)), "uploads");
}
