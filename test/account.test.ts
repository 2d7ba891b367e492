import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiLogin, call, Client, htmlText } from "./support/client";
import { createInvestor, createRemittance } from "./support/factories";
import { sharedServer, startServer, TEST_ADMIN, type TestServer } from "./support/server";

/** The account page (/account) and its API: name and phone, password change, closing the account. */

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await sharedServer();
  admin = await apiLogin(server.url, TEST_ADMIN.email, TEST_ADMIN.password);
});
afterAll(async () => {
  await server?.stop();
});

const PHONE_FORMAT = "Enter a Ghana phone number like 024 123 4567 or +233 24 123 4567.";
const WRONG_PASSWORD = "That is not your current password.";

/** An investor with a bearer client (`api`) and a cookie client (`page`): two sessions. */
async function investor(fullName = "Kwesi Appiah") {
  return createInvestor(server, { fullName });
}

async function get(client: Client, path: string) {
  const res = await client.get(path);
  return { status: res.status, html: htmlText(await res.text()), res };
}

async function post(client: Client, fields: Record<string, string>) {
  const res = await client.postForm("/account", fields);
  return { status: res.status, location: res.headers.get("Location"), html: htmlText(await res.text()), res };
}

const userRow = (id: number) =>
  server.db().prepare("select email, full_name, phone, password_hash, closed_at from users where id = ?").get(id) as {
    email: string;
    full_name: string;
    phone: string | null;
    password_hash: string;
    closed_at: string | null;
  };
const sessionCount = (id: number) => (server.db().prepare("select count(*) n from sessions where user_id = ?").get(id) as { n: number }).n;
const header = (html: string) => html.slice(0, html.indexOf("<main"));

/** The farm the batches are on: made once through the API (a second farm with the same name and location is refused). */
let farmId: number | undefined;
async function newBatch(fields: Record<string, unknown>) {
  if (farmId === undefined) {
    const farm = await call(admin, "POST", "/api/v1/admin/farms", { name: "Account Farm", location: "Kintampo, Bono East", notes: "" });
    expect(farm.status).toBe(201);
    farmId = farm.body.id as number;
  }
  const res = await call(admin, "POST", "/api/v1/admin/batches", {
    farm_id: farmId,
    product_type: "CHICKEN",
    unit_price: 10,
    target_units: 1000,
    feed_price: 6,
    mortality_rate: 0.05,
    expected_roi: 0.1,
    id: 0,
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body.id as number;
}

describe("access", () => {
  it("sends a logged-out visitor to log in and back to /account; the header links to it once signed in", async () => {
    const anon = new Client(server.url);
    const res = await anon.get("/account");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/account" })}`);
    expect(header(await (await anon.get("/")).text())).not.toContain('href="/account"');

    const u = await createInvestor(server, { fullName: "Akua Mensah" });
    const back = await anon.postForm("/login", { email: u.email, password: u.password, redirectTo: "/account" });
    expect(back.headers.get("Location")).toBe("/account");
    const page = await get(anon, "/account");
    expect(page.status).toBe(200);
    expect(page.html).toContain("Your account");
    expect(page.html).toMatch(/name="full_name"[^>]*value="Akua Mensah"/);
    expect(page.html).toContain(u.email);
    expect(header(page.html)).toContain('href="/account">Account</a>');
  });

  it("answers the API without a token with 401", async () => {
    for (const path of ["/api/v1/auth/change-password", "/api/v1/auth/close-account"]) {
      expect(await call(new Client(server.url), "POST", path, {})).toEqual({ status: 401, body: { detail: "Not authenticated." } });
    }
  });
});

describe("name and phone", () => {
  it("saves both from the page (phone normalised to +233), shows them back with a toast, and the API shows the phone", async () => {
    const u = await investor();
    const saved = await post(u.page, { intent: "profile", full_name: "Kwesi B. Appiah", phone: "024 123 4567" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/account");
    expect(userRow(u.id)).toMatchObject({ full_name: "Kwesi B. Appiah", phone: "+233241234567" });
    const page = await get(u.page, "/account");
    expect(page.html).toContain("Your details are saved.");
    expect(page.html).toMatch(/name="full_name"[^>]*value="Kwesi B. Appiah"/);
    expect(page.html).toMatch(/name="phone"[^>]*value="\+233 24 123 4567"/);
    expect(page.html).toContain("Hi, Kwesi B. Appiah");
    expect((await call(u.api, "GET", "/api/v1/auth/me")).body).toMatchObject({ full_name: "Kwesi B. Appiah", phone: "+233241234567" });

    // Emptying the field removes the number.
    expect((await post(u.page, { intent: "profile", full_name: "Kwesi B. Appiah", phone: "" })).status).toBe(302);
    expect(userRow(u.id).phone).toBeNull();
  });

  it("PATCH and PUT /api/v1/auth/me take full_name and phone (null clears it), never the email or is_admin", async () => {
    const u = await investor();
    const patched = await call(u.api, "PATCH", "/api/v1/auth/me", { phone: "+233 20 123 4567", email: "other@example.com", is_admin: true });
    expect(patched).toEqual({ status: 200, body: expect.objectContaining({ email: u.email, full_name: "Kwesi Appiah", phone: "+233201234567", is_admin: false }) });
    const put = await call(u.api, "PUT", "/api/v1/auth/me", { full_name: "Kwesi Appiah Jnr", phone: null });
    expect(put.body).toMatchObject({ full_name: "Kwesi Appiah Jnr", phone: null });
    expect(userRow(u.id)).toMatchObject({ email: u.email, full_name: "Kwesi Appiah Jnr", phone: null });
  });

  it("refuses a phone that is not a Ghana number, beside the field, keeping what was typed and changing nothing", async () => {
    const u = await investor();
    const bad = await post(u.page, { intent: "profile", full_name: "Kwesi New Name", phone: "12345" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain(PHONE_FORMAT);
    expect(bad.html).toMatch(/name="full_name"[^>]*value="Kwesi New Name"/);
    expect(bad.html).toMatch(/name="phone"[^>]*value="12345"/);
    expect(bad.html).toMatch(/aria-invalid="true"[^>]*aria-describedby="[^"]*-error/);
    const blank = await post(u.page, { intent: "profile", full_name: " ", phone: "" });
    expect(blank.html).toContain("Enter your full name.");
    expect(userRow(u.id)).toMatchObject({ full_name: "Kwesi Appiah", phone: null });

    expect(await call(u.api, "PATCH", "/api/v1/auth/me", { phone: "+44 20 7946 0958" })).toEqual({ status: 422, body: { detail: PHONE_FORMAT } });
    expect(await call(u.api, "PATCH", "/api/v1/auth/me", { phone: 241234567 })).toEqual({ status: 422, body: { detail: PHONE_FORMAT } });
    expect(userRow(u.id).phone).toBeNull();
  });
});

describe("changing the password", () => {
  it("from the page: ends every other session (cookie and bearer), keeps this one, and only the new password logs in", async () => {
    const u = await investor();
    const otherPhone = new Client(server.url);
    expect((await otherPhone.postForm("/login", { email: u.email, password: u.password })).status).toBe(302);
    expect(sessionCount(u.id)).toBe(3);

    const changed = await post(u.page, { intent: "password", current_password: u.password, new_password: "a-new-password-1", confirm_password: "a-new-password-1" });
    expect(changed.status).toBe(302);
    expect(changed.location).toBe("/account");
    const after = await get(u.page, "/account");
    expect(after.status).toBe(200);
    expect(after.html).toContain("Your password is changed.");
    expect(sessionCount(u.id)).toBe(1);
    expect((await otherPhone.get("/account")).status).toBe(302);
    expect((await call(u.api, "GET", "/api/v1/auth/me")).status).toBe(401);

    const old = await new Client(server.url).postForm("/login", { email: u.email, password: u.password });
    expect(old.status).toBe(401);
    expect((await new Client(server.url).postForm("/login", { email: u.email, password: "a-new-password-1" })).status).toBe(302);
  });

  it("from the API: 204, the bearer that asked still works, the page's cookie session ends", async () => {
    const u = await investor();
    const res = await call(u.api, "POST", "/api/v1/auth/change-password", { current_password: u.password, new_password: "api-new-password" });
    expect(res.status).toBe(204);
    expect((await call(u.api, "GET", "/api/v1/auth/me")).status).toBe(200);
    expect((await u.page.get("/account")).status).toBe(302);
    await apiLogin(server.url, u.email, "api-new-password");
  });

  it("refuses a wrong current password (page and API), and shows no password back", async () => {
    const u = await investor();
    const wrong = await post(u.page, { intent: "password", current_password: "not-my-password", new_password: "a-new-password-1", confirm_password: "a-new-password-1" });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain(WRONG_PASSWORD);
    expect(wrong.html).not.toContain("not-my-password");
    expect(wrong.html).not.toContain("a-new-password-1");
    const mismatch = await post(u.page, { intent: "password", current_password: u.password, new_password: "a-new-password-1", confirm_password: "a-new-password-2" });
    expect(mismatch.html).toContain("The two passwords do not match.");
    const short = await post(u.page, { intent: "password", current_password: u.password, new_password: "short", confirm_password: "short" });
    expect(short.html).toContain("Use at least 8 characters for your password.");

    expect(await call(u.api, "POST", "/api/v1/auth/change-password", { current_password: "not-my-password", new_password: "a-new-password-1" })).toEqual({
      status: 403,
      body: { detail: WRONG_PASSWORD },
    });
    expect(await call(u.api, "POST", "/api/v1/auth/change-password", { current_password: u.password })).toEqual({ status: 422, body: { detail: "Choose a password." } });
    expect((await call(u.api, "POST", "/api/v1/auth/change-password", "not an object")).status).toBe(422);
    // Nothing changed: the old password still logs in and every session is still there.
    expect(sessionCount(u.id)).toBe(2);
    await apiLogin(server.url, u.email, u.password);
  });
});

describe("closing the account", () => {
  it("is refused while the wallet holds money, on the page and the API, and nothing changes", async () => {
    const u = await investor();
    expect((await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 10 })).status).toBe(200);
    const page = await get(u.page, "/account");
    expect(page.html).toContain("Your account cannot be closed yet:");
    expect(page.html).toMatch(/Your wallet still holds GH₵\s?10\.00: withdraw it first\./);
    // The form is not offered; a post anyway gets the same reason.
    expect(page.html).not.toContain("Close my account");
    const refused = await post(u.page, { intent: "close", password: u.password });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/Your account cannot be closed yet\. Your wallet still holds GH₵\s?10\.00: withdraw it first\./);
    const api = await call(u.api, "POST", "/api/v1/auth/close-account", { password: u.password });
    expect(api.status).toBe(409);
    expect(api.body.detail).toMatch(/^Your account cannot be closed yet\. Your wallet still holds GH₵\s?10\.00: withdraw it first\.$/);
    expect(userRow(u.id)).toMatchObject({ email: u.email, closed_at: null });
    expect(sessionCount(u.id)).toBe(2);
  });

  it("is refused while a holding is active, even with an empty wallet", async () => {
    const batch = await newBatch({ product_type: "EGG", expected_roi: 0.02 });
    const u = await investor();
    expect((await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 30 })).status).toBe(200);
    expect((await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batch, units: 3 })).status).toBe(201);
    const api = await call(u.api, "POST", "/api/v1/auth/close-account", { password: u.password });
    expect(api).toEqual({
      status: 409,
      body: { detail: "Your account cannot be closed yet. You still hold 1 active investment: it runs to the end of its batch, and you can close your account once it is paid out." },
    });
    expect((await get(u.page, "/account")).html).toContain("You still hold 1 active investment");
    expect(userRow(u.id).closed_at).toBeNull();
  });

  it("asks for the password first and refuses a wrong one", async () => {
    const u = await investor();
    const empty = await post(u.page, { intent: "close", password: "" });
    expect(empty.status).toBe(400);
    expect(empty.html).toContain("Enter your password to close your account.");
    const wrong = await post(u.page, { intent: "close", password: "not-my-password", confirmed: "1" });
    expect(wrong.html).toContain(WRONG_PASSWORD);
    expect(wrong.html).not.toContain("not-my-password");
    expect(await call(u.api, "POST", "/api/v1/auth/close-account", { password: "not-my-password" })).toEqual({ status: 403, body: { detail: WRONG_PASSWORD } });
    expect(await call(u.api, "POST", "/api/v1/auth/close-account", {})).toEqual({ status: 422, body: { detail: "Enter your password to close your account." } });
    // A made-up confirm ticket closes nothing.
    const forged = await post(u.page, { intent: "close", confirmed: "1", ticket: `${Date.now() + 60_000}.forged` });
    expect(forged.status).toBe(400);
    expect(forged.html).toContain("This confirmation has expired. Enter your password again.");
    expect(userRow(u.id).closed_at).toBeNull();
  });

  it("never closes an admin account", async () => {
    const res = await call(admin, "POST", "/api/v1/auth/close-account", { password: TEST_ADMIN.password });
    expect(res).toEqual({ status: 409, body: { detail: "Your account cannot be closed yet. An admin account cannot be closed." } });
  });

  it("at zero (no JavaScript, through the confirm step): personal data goes, the ledger stays whole, the old login fails, the email can register again", async () => {
    // A history: a chicken holding bought, harvested (PAID) and the money withdrawn to mobile money.
    const batch = await newBatch({ product_type: "CHICKEN", expected_roi: 0.1 });
    const u = await investor("Yaa Asantewaa");
    expect((await call(u.api, "PATCH", "/api/v1/auth/me", { phone: "0501234567" })).status).toBe(200);
    expect((await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 50 })).status).toBe(200);
    expect((await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batch, units: 5 })).status).toBe(201);
    expect((await call(admin, "POST", `/api/v1/admin/batches/${batch}/activate`)).status).toBe(200);
    createRemittance(server, batch);
    expect((await call(admin, "POST", `/api/v1/admin/payouts/${batch}/execute`)).status).toBe(200);
    const withdrawn = await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 55, method: "MOMO", provider: "MTN MoMo", account_number: "024 123 4567" });
    expect(withdrawn.body).toMatchObject({ balance: 0 });
    const db = server.db();
    const ledger = () => ({
      entries: db.prepare("select count(*) n from journal_entries where user_id = ?").get(u.id),
      postings: db.prepare("select count(*) n from postings p join accounts a on a.id = p.account_id where a.user_id = ?").get(u.id),
      wallet: db.prepare("select balance_minor from accounts where kind = 'WALLET' and user_id = ?").get(u.id),
      investments: db.prepare("select id, status, amount_minor from investments where user_id = ?").all(u.id),
      payouts: db.prepare("select id, amount_minor from payouts where user_id = ?").all(u.id),
    });
    const before = ledger();
    expect(before.investments).toEqual([expect.objectContaining({ status: "PAID", amount_minor: 5000 })]);
    expect(before.payouts).toHaveLength(1);
    db.prepare("insert into password_resets (token_hash, user_id, expires_at) values (?, ?, ?)").run("f".repeat(64), u.id, new Date(Date.now() + 3600_000).toISOString());

    const page = await get(u.page, "/account");
    expect(page.html).not.toContain("Your account cannot be closed yet");
    expect(page.html).toContain("Close my account");

    // Step 1: the password is checked and the server asks; no password is written back into the page.
    const ask = await post(u.page, { intent: "close", password: u.password });
    expect(ask.status).toBe(200);
    expect(ask.html).toContain("Close your Akoko account for good? You cannot log in again, and this cannot be undone.");
    expect(ask.html).not.toContain(u.password);
    expect(userRow(u.id).closed_at).toBeNull();
    const ticket = /name="ticket" value="([^"]+)"/.exec(ask.html)![1];

    // Step 2: confirmed.
    const closed = await post(u.page, { intent: "close", confirmed: "1", ticket });
    expect(closed.status).toBe(302);
    expect(closed.location).toBe("/");
    const home = await get(u.page, "/");
    expect(home.html).toContain("Your account is closed and your personal details are removed.");
    expect(header(home.html)).toContain(">Log in<");

    const row = userRow(u.id);
    expect(row).toMatchObject({ email: `closed-${u.id}@closed.invalid`, full_name: "Closed account", phone: null });
    expect(row.password_hash).not.toMatch(/^scrypt\$/);
    expect(row.closed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(JSON.stringify(row)).not.toContain("Yaa");
    expect(sessionCount(u.id)).toBe(0);
    expect(db.prepare("select count(*) n from password_resets where user_id = ?").get(u.id)).toEqual({ n: 0 });
    expect(ledger()).toEqual(before);
    expect((await call(admin, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });

    // The old credentials: the normal wrong-credentials answer; the old bearer is gone.
    const login = await new Client(server.url).postForm("/login", { email: u.email, password: u.password });
    expect(login.status).toBe(401);
    expect(htmlText(await login.text())).toContain("Wrong email or password.");
    expect((await call(u.api, "GET", "/api/v1/auth/me")).status).toBe(401);
    expect((await u.page.get("/account")).status).toBe(302);
    // Nobody can ask for a reset of the placeholder address, nor register it.
    expect((await call(new Client(server.url), "POST", "/api/v1/auth/register", { email: row.email, password: "goodpassword", full_name: "Sneaky" })).status).toBe(422);

    // The person's own address is free again: a new account, a new id.
    const again = await new Client(server.url).postForm("/register", { full_name: "Yaa Asantewaa", email: u.email, password: "a-fresh-password" });
    expect(again.status).toBe(302);
    const fresh = db.prepare("select id from users where email = ?").get(u.email) as { id: number };
    expect(fresh.id).not.toBe(u.id);
    expect(db.prepare("select count(*) n from investments where user_id = ?").get(fresh.id)).toEqual({ n: 0 });
  });

  it("through the API: 204, every session ends, and the invariants still hold", async () => {
    const u = await investor();
    expect((await call(u.api, "POST", "/api/v1/invest/deposit", { amount: 20 })).status).toBe(200);
    expect((await call(u.api, "POST", "/api/v1/invest/withdraw", { amount: 20 })).status).toBe(200);
    const res = await call(u.api, "POST", "/api/v1/auth/close-account", { password: u.password });
    expect(res.status).toBe(204);
    expect(sessionCount(u.id)).toBe(0);
    expect((await call(u.api, "GET", "/api/v1/auth/me")).status).toBe(401);
    expect((await u.page.get("/account")).status).toBe(302);
    expect(userRow(u.id)).toMatchObject({ email: `closed-${u.id}@closed.invalid`, full_name: "Closed account" });
    expect((await call(admin, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
    const login = await new Client(server.url).request("/api/v1/auth/login", { method: "POST", body: new URLSearchParams({ username: u.email, password: u.password }) });
    expect(login.status).toBe(401);
    expect(await login.json()).toEqual({ detail: "Wrong email or password." });
  });
});

it("counts wrong passwords on the account page against the login limit", async () => {
  const limited = await startServer({ AUTH_RATE_LIMIT: "3" });
  try {
    const u = await createInvestor(limited, { fullName: "Kofi Guess" });
    for (let i = 0; i < 3; i++) {
      expect((await call(u.api, "POST", "/api/v1/auth/change-password", { current_password: `guess-${i}-xx`, new_password: "whatever-123" })).status).toBe(403);
    }
    expect(await call(u.api, "POST", "/api/v1/auth/close-account", { password: u.password })).toEqual({ status: 429, body: { detail: "Too many attempts. Please try again later." } });
  } finally {
    await limited.stop();
  }
});
