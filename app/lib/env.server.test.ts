import { describe, expect, it } from "vitest";
import { parseEnv } from "~/lib/env.server";

const PROD = {
  NODE_ENV: "production",
  SESSION_SECRET: "a-real-secret-0123456789",
  ADMIN_PASSWORD: "a-real-admin-password",
  KYC_ENCRYPTION_KEY: "aa11bb22cc33dd44ee55ff6600112233445566778899aabbccddeeff00112233",
};

describe("environment", () => {
  it("builds links from APP_URL, defaulting to localhost and PORT outside production", () => {
    expect(parseEnv({ NODE_ENV: "development", PORT: "4100" }).appUrl).toBe("http://localhost:4100");
    expect(parseEnv({ APP_URL: "https://akoko.example/" }).appUrl).toBe("https://akoko.example");
    expect(parseEnv({ ...PROD, APP_URL: "https://akoko.example" }).appUrl).toBe("https://akoko.example");
    expect(() => parseEnv({ APP_URL: "ftp://akoko.example" })).toThrow(/APP_URL/);
    expect(() => parseEnv({ APP_URL: "not a url" })).toThrow(/APP_URL/);
  });

  it("refuses an SMTP timeout the outbox lease would cut short, only with the SMTP mailer", () => {
    const smtp = { EMAIL_PROVIDER: "smtp", SMTP_URL: "smtp://127.0.0.1:2525" };
    expect(() => parseEnv({ ...smtp, OUTBOX_LEASE_SECONDS: "12" })).toThrow(/SMTP_TIMEOUT_MS \(15000 ms\) must be shorter .* 10800 ms for OUTBOX_LEASE_SECONDS=12/);
    expect(() => parseEnv({ ...smtp, SMTP_TIMEOUT_MS: "115000" })).toThrow(/SMTP_TIMEOUT_MS/);
    expect(parseEnv({ ...smtp, SMTP_TIMEOUT_MS: "114999" }).SMTP_TIMEOUT_MS).toBe(114_999);
    expect(parseEnv({ ...smtp, OUTBOX_LEASE_SECONDS: "20" }).OUTBOX_LEASE_SECONDS).toBe(20);
    // The demo mailer waits for nobody.
    expect(parseEnv({ OUTBOX_LEASE_SECONDS: "12" }).OUTBOX_LEASE_SECONDS).toBe(12);
  });

  it("refuses to start in production without APP_URL, and names it", () => {
    expect(() => parseEnv(PROD)).toThrow(/Refusing to start in production[\s\S]*APP_URL/);
  });

  it("trusts no proxy unless TRUST_PROXY gives a number of hops", () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "off" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "-1" })).toThrow(/TRUST_PROXY/);
  });

  it("sizes the address-wide limits for many customers behind one carrier address", () => {
    const env = parseEnv({});
    expect(env.AUTH_RATE_LIMIT).toBe(10);
    for (const limit of [env.LOGIN_FAILURES_PER_ADDRESS, env.REGISTRATIONS_PER_ADDRESS, env.CONTACT_MESSAGES_PER_ADDRESS, env.RESET_REQUESTS_PER_ADDRESS]) expect(limit).toBeGreaterThanOrEqual(100);
    expect(parseEnv({ REGISTRATIONS_PER_ADDRESS: "3" }).REGISTRATIONS_PER_ADDRESS).toBe(3);
  });

  it("reads AKOKO_CLOCK_OFFSET_DAYS as a number of days (fractions and negatives too), 0 when unset", () => {
    const DAY = 24 * 3600 * 1000;
    expect(parseEnv({}).clockOffsetMs).toBe(0);
    expect(parseEnv({ AKOKO_CLOCK_OFFSET_DAYS: "" }).clockOffsetMs).toBe(0);
    expect(parseEnv({ NODE_ENV: "test", AKOKO_CLOCK_OFFSET_DAYS: "40" }).clockOffsetMs).toBe(40 * DAY);
    expect(parseEnv({ AKOKO_CLOCK_OFFSET_DAYS: "-1.5" }).clockOffsetMs).toBe(-1.5 * DAY);
    expect(parseEnv({ AKOKO_CLOCK_OFFSET_DAYS: "0.0425" }).clockOffsetMs).toBe(Math.round(0.0425 * DAY));
    for (const bad of ["soon", "1e400", "Infinity", "99999"]) expect(() => parseEnv({ AKOKO_CLOCK_OFFSET_DAYS: bad }), bad).toThrow(/AKOKO_CLOCK_OFFSET_DAYS/);
  });

  it("reads AKOKO_TEST_RERUN_TRANSACTIONS as a flag, off when unset, in production too (the test servers run as production does)", () => {
    const prod = { ...PROD, APP_URL: "https://akoko.example" };
    expect(parseEnv({}).AKOKO_TEST_RERUN_TRANSACTIONS).toBeUndefined();
    expect(parseEnv({ AKOKO_TEST_RERUN_TRANSACTIONS: "0" }).AKOKO_TEST_RERUN_TRANSACTIONS).toBe(false);
    expect(parseEnv({ ...prod, AKOKO_TEST_RERUN_TRANSACTIONS: "1" }).AKOKO_TEST_RERUN_TRANSACTIONS).toBe(true);
    expect(() => parseEnv({ AKOKO_TEST_RERUN_TRANSACTIONS: "twice" })).toThrow(/AKOKO_TEST_RERUN_TRANSACTIONS/);
  });

  it("refuses to start in production with a shifted clock, and names the variable", () => {
    const prod = { ...PROD, APP_URL: "https://akoko.example" };
    expect(parseEnv(prod).clockOffsetMs).toBe(0);
    for (const days of ["40", "0", "-1"]) expect(() => parseEnv({ ...prod, AKOKO_CLOCK_OFFSET_DAYS: days }), days).toThrow(/^Refusing to start in production with AKOKO_CLOCK_OFFSET_DAYS set/);
  });

  it("picks the demo payments provider by default, and refuses paystack without its secret key in production", () => {
    const prod = { ...PROD, APP_URL: "https://akoko.example" };
    expect(parseEnv({}).PAYMENTS_PROVIDER).toBe("demo");
    expect(parseEnv({}).PAYSTACK_BASE_URL).toBe("https://api.paystack.co");
    expect(parseEnv(prod).PAYMENTS_PROVIDER).toBe("demo");
    expect(() => parseEnv({ ...prod, PAYMENTS_PROVIDER: "paystack" })).toThrow(/Refusing to start in production[\s\S]*PAYSTACK_SECRET_KEY/);
    expect(parseEnv({ ...prod, PAYMENTS_PROVIDER: "paystack", PAYSTACK_SECRET_KEY: "sk_live_x" }).PAYMENTS_PROVIDER).toBe("paystack");
    expect(() => parseEnv({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/PAYMENTS_PROVIDER/);
  });

  it("takes a provider's API address only over https, or plain http to this machine (a test fake)", () => {
    expect(parseEnv({ PAYSTACK_BASE_URL: "http://127.0.0.1:4010" }).PAYSTACK_BASE_URL).toBe("http://127.0.0.1:4010");
    expect(parseEnv({ HUBTEL_SMS_URL: "https://sms.hubtel.com" }).HUBTEL_SMS_URL).toBe("https://sms.hubtel.com");
    for (const bad of ["http://api.paystack.co", "ftp://api.paystack.co", "api.paystack.co"]) {
      expect(() => parseEnv({ PAYSTACK_BASE_URL: bad }), bad).toThrow(/PAYSTACK_BASE_URL: give the API's https:\/\/ address/);
    }
    expect(() => parseEnv({ HUBTEL_SMS_URL: "http://sms.hubtel.com" })).toThrow(/HUBTEL_SMS_URL: give the API's https:\/\/ address/);
  });

  it("defaults to the demo outbox, and in production refuses a real mailer or SMS provider without its keys", () => {
    const dev = parseEnv({});
    expect([dev.EMAIL_PROVIDER, dev.SMS_PROVIDER, dev.OUTBOX_WORKER]).toEqual(["demo", "demo", true]);
    const prod = { ...PROD, APP_URL: "https://akoko.example" };
    expect(parseEnv(prod).EMAIL_PROVIDER).toBe("demo");
    expect(() => parseEnv({ ...prod, EMAIL_PROVIDER: "smtp" })).toThrow(/Refusing to start in production[\s\S]*SMTP_URL[\s\S]*MAIL_FROM/);
    expect(parseEnv({ ...prod, EMAIL_PROVIDER: "smtp", SMTP_URL: "smtp://u:p@smtp.example:587", MAIL_FROM: "Akoko <no-reply@akoko.example>" }).SMTP_URL).toBe("smtp://u:p@smtp.example:587");
    expect(() => parseEnv({ ...prod, SMS_PROVIDER: "hubtel", HUBTEL_CLIENT_ID: "id" })).toThrow(/HUBTEL_CLIENT_ID and HUBTEL_CLIENT_SECRET/);
    expect(parseEnv({ ...prod, SMS_PROVIDER: "hubtel", HUBTEL_CLIENT_ID: "id", HUBTEL_CLIENT_SECRET: "secret" }).SMS_PROVIDER).toBe("hubtel");
    expect(() => parseEnv({ SMTP_URL: "http://smtp.example" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ SMS_SENDER_ID: "Akoko Investments" })).toThrow(/SMS_SENDER_ID/);
    expect(() => parseEnv({ EMAIL_PROVIDER: "sendgrid" })).toThrow(/EMAIL_PROVIDER/);
  });
});

describe("the demo seed in production", () => {
  const prod = { ...PROD, APP_URL: "https://akoko.example" };
  it("refuses SEED_DEMO_DATA=true while the demo investor's password is the published default, and names DEMO_INVESTOR_PASSWORD", () => {
    for (const on of ["true", "1"]) expect(() => parseEnv({ ...prod, SEED_DEMO_DATA: on }), on).toThrow(/Refusing to start in production[\s\S]*DEMO_INVESTOR_PASSWORD/);
    expect(parseEnv({ ...prod, SEED_DEMO_DATA: "true", DEMO_INVESTOR_PASSWORD: "a-real-investor-password" }).seedDemoData).toBe(true);
    // No demo seed, no demo investor: the default does not matter then; outside production it is the demo.
    expect(parseEnv({ ...prod, SEED_DEMO_DATA: "false" }).seedDemoData).toBe(false);
    expect(parseEnv(prod).seedDemoData).toBe(false);
    expect(parseEnv({ SEED_DEMO_DATA: "true" }).DEMO_INVESTOR_PASSWORD).toBe("investor-demo-pass");
  });
});

describe("KYC_ENCRYPTION_KEY", () => {
  const PROD_NO_KEY = { NODE_ENV: "production", SESSION_SECRET: "a-real-secret-0123456789", ADMIN_PASSWORD: "a-real-admin-password", APP_URL: "https://akoko.example" };
  it("is required in production and named; outside production a development key is used", () => {
    expect(() => parseEnv(PROD_NO_KEY)).toThrow(/Refusing to start in production[\s\S]*KYC_ENCRYPTION_KEY/);
    expect(parseEnv({}).kycEncryptionKey).toHaveLength(32);
  });
  it("takes 64 hex characters or base64 of 32 bytes, and refuses anything else", () => {
    const hex = "ab".repeat(32);
    expect(parseEnv({ ...PROD_NO_KEY, KYC_ENCRYPTION_KEY: hex }).kycEncryptionKey.toString("hex")).toBe(hex);
    expect(parseEnv({ KYC_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64") }).kycEncryptionKey).toEqual(Buffer.alloc(32, 7));
    expect(() => parseEnv({ KYC_ENCRYPTION_KEY: "too-short" })).toThrow(/KYC_ENCRYPTION_KEY: give 32 random bytes/);
  });

  it("reads the USSD callback secret (16+ characters fit for a path) and the gateways' addresses", () => {
    expect(parseEnv({}).USSD_CALLBACK_SECRET).toBeUndefined();
    expect(parseEnv({ USSD_CALLBACK_SECRET: " " }).USSD_CALLBACK_SECRET).toBeUndefined();
    expect(parseEnv({ USSD_CALLBACK_SECRET: "0123456789abcdef" }).USSD_CALLBACK_SECRET).toBe("0123456789abcdef");
    for (const bad of ["short-secret", "0123456789abcdef/x", "0123456789 abcdefg"]) expect(() => parseEnv({ USSD_CALLBACK_SECRET: bad }), bad).toThrow(/USSD_CALLBACK_SECRET/);
    expect(parseEnv({}).ussdAllowedIps).toBeNull();
    expect(parseEnv({ USSD_ALLOWED_IPS: "196.201.214.0/24, 52.48.80.50" }).ussdAllowedIps?.has("196.201.214.9")).toBe(true);
    expect(() => parseEnv({ USSD_ALLOWED_IPS: "africastalking.com" })).toThrow(/USSD_ALLOWED_IPS/);
  });
});
