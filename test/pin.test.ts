/**
 * Issue 31: the PIN and accounts registered by phone, against the built server with the real email
 * and SMS adapters pointed at fakes (test/support/fake-smtp.ts, test/support/fake-hubtel.ts). The PIN
 * is set on /account (plain forms, as without JavaScript) and through POST /api/v1/auth/pin; a phone
 * number signs in on /login/phone with the code the fake Hubtel received; three wrong PINs lock it,
 * and the owner hears of it by SMS and email; accounts without an email or a password are followed
 * through the places that assumed one.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../scripts/lib/bulk-data.js";
import { call, Client, htmlText, uniquePhone } from "./support/client";
import { createInvestor, createPhoneInvestor, serverNow, signInAdmin, type SignedIn } from "./support/factories";
import { startFakeHubtel, type FakeHubtel } from "./support/fake-hubtel";
import { startFakeSmtp, type FakeSmtp } from "./support/fake-smtp";
import { messagingEnv } from "./support/messaging";
import { startServer, TEST_ADMIN, type TestServer } from "./support/server";
import { awayFromStepEnd, codeFor } from "./support/totp";
import { PIN_TRIES } from "~/domain/pin";

let smtp: FakeSmtp;
let hubtel: FakeHubtel;
let server: TestServer;
let admin: SignedIn;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  hubtel = await startFakeHubtel();
  server = await startServer(messagingEnv(smtp, hubtel));
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  await hubtel?.close();
});

async function get(client: Client, path: string) {
  const res = await client.get(path);
  return { status: res.status, location: res.headers.get("Location"), html: htmlText(await res.text()) };
}

async function post(client: Client, path: string, fields: Record<string, string>) {
  const res = await client.postForm(path, fields);
  return { status: res.status, location: res.headers.get("Location"), html: htmlText(await res.text()) };
}

const userRow = (id: number) =>
  server.db().prepare("select email, password_hash, phone, pin_hash, pin_failures, pin_locked_until, closed_at from users where id = ?").get(id) as {
    email: string | null;
    password_hash: string | null;
    phone: string | null;
    pin_hash: string | null;
    pin_failures: number;
    pin_locked_until: string | null;
    closed_at: string | null;
  };

/** The main part of a page, where its forms and messages are. */
const mainOf = (html: string) => /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";

/** The newest sign-in code the fake Hubtel received for `phone`. */
async function signInCodeFor(phone: string, after = 0): Promise<string> {
  const codeIn = (content: string) => /sign-in code is (\d{6})/.exec(content)?.[1];
  await hubtel.waitFor(() =>
    hubtel
      .to(phone)
      .slice(after)
      .some((s) => codeIn(s.content)),
  );
  return codeIn([...hubtel.to(phone).slice(after)].reverse().find((s) => codeIn(s.content))!.content)!;
}

describe("an account without a password", () => {
  it("refuses every password, the one the stand-in hash for unknown accounts was made from too", async () => {
    const yaa = await createPhoneInvestor(server);
    const res = await call(yaa.api, "POST", "/api/v1/auth/change-password", { current_password: "not-a-real-password", new_password: "a-brand-new-password" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "That is not your current password." });
    expect(userRow(yaa.id).password_hash).toBeNull();
  });
});

describe("POST /api/v1/auth/pin", () => {
  it("sets the PIN after the password (200), hashed, never answered back", async () => {
    const kofi = await createInvestor(server);
    const res = await call(kofi.api, "POST", "/api/v1/auth/pin", { password: kofi.password, pin: "40719" });
    expect(res).toEqual({ status: 200, body: { has_pin: true } });
    const stored = userRow(kofi.id).pin_hash!;
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(stored).not.toContain("40719");
    const me = await call(kofi.api, "GET", "/api/v1/auth/me");
    expect(JSON.stringify(me.body)).not.toMatch(/pin/i);
    expect(server.logs()).not.toContain("40719");
    // A new one replaces it.
    expect((await call(kofi.api, "POST", "/api/v1/auth/pin", { password: kofi.password, pin: "5802" })).status).toBe(200);
    expect(userRow(kofi.id).pin_hash).not.toBe(stored);
  });

  it("tells the owner of a new PIN by SMS and email, as of a changed password: a PIN lets money move on USSD", async () => {
    const kwame = await createInvestor(server);
    const phone = uniquePhone();
    const at = serverNow(server).toISOString();
    server.db().prepare("update users set phone = ?, phone_verified_at = ?, email_verified_at = ? where id = ?").run(phone, at, at, kwame.id);
    expect((await call(kwame.api, "POST", "/api/v1/auth/pin", { password: kwame.password, pin: "7305" })).status).toBe(200);
    await hubtel.waitFor(() => hubtel.to(phone).length > 0);
    expect(hubtel.to(phone).map((s) => s.content)).toEqual(["Akoko: A new PIN was set on your account. Not you? Contact us at once."]);
    await smtp.waitFor(() => smtp.to(kwame.email).some((m) => m.headers.subject === "A new PIN was set on your Akoko account"));
    expect(server.db().prepare("select kind, message_id from notifications where user_id = ?").all(kwame.id)).toEqual([{ kind: "PIN_SET", message_id: "notices.pinSet" }]);
  });

  it("the same request again (its Idempotency-Key, or the /account form sent twice) sets the PIN once and tells once; a new setting tells again", async () => {
    const kwame = await createInvestor(server);
    const phone = uniquePhone();
    const at = serverNow(server).toISOString();
    server.db().prepare("update users set phone = ?, phone_verified_at = ?, email_verified_at = ? where id = ?").run(phone, at, at, kwame.id);
    const told = () => ({
      notices: (server.db().prepare("select count(*) n from notifications where user_id = ? and kind = 'PIN_SET'").get(kwame.id) as { n: number }).n,
      messages: server.db().prepare("select channel, count(*) n from outbox where user_id = ? and kind = 'PIN_SET' group by channel order by channel").all(kwame.id),
    });
    const twice = (n: number) => ({
      notices: n,
      messages: [
        { channel: "EMAIL", n },
        { channel: "SMS", n },
      ],
    });
    for (let i = 0; i < 2; i++)
      expect(await call(kwame.api, "POST", "/api/v1/auth/pin", { password: kwame.password, pin: "7305" }, { "Idempotency-Key": "pin-k-1" })).toEqual({ status: 200, body: { has_pin: true } });
    expect(told()).toEqual(twice(1));
    const stored = userRow(kwame.id).pin_hash;
    // The key with another PIN is another request: refused, nothing changed.
    expect(await call(kwame.api, "POST", "/api/v1/auth/pin", { password: kwame.password, pin: "5802" }, { "Idempotency-Key": "pin-k-1" })).toEqual({
      status: 422,
      body: { detail: "This idempotency key was already used for a different request." },
    });
    expect(userRow(kwame.id).pin_hash).toBe(stored);
    // The PIN is not in the fingerprint kept with the key in a form four to six digits could be tried back from.
    const kept = server.db().prepare("select fingerprint, response_json from idempotency_keys where user_id = ? and key = 'pin-k-1'").get(kwame.id) as { fingerprint: string; response_json: string };
    expect(kept.fingerprint).not.toBe(
      createHash("sha256")
        .update(JSON.stringify({ operation: "command/set-pin", params: { pin: "7305" } }))
        .digest("hex"),
    );
    expect(kept.response_json).not.toContain("7305");
    // A deliberate second setting (a new key) is a new event the owner must hear of.
    expect((await call(kwame.api, "POST", "/api/v1/auth/pin", { password: kwame.password, pin: "7305" }, { "Idempotency-Key": "pin-k-2" })).status).toBe(200);
    expect(told()).toEqual(twice(2));

    // The page's PIN form carries a key of its own; the same form sent twice (JavaScript off) sets once.
    const page = await get(kwame.page, "/account");
    const key = /name="intent" value="pin"\/><input type="hidden" name="idempotency_key" value="([^"]+)"/.exec(page.html)?.[1];
    expect(key).toBeTruthy();
    for (let i = 0; i < 2; i++) {
      const saved = await post(kwame.page, "/account", { intent: "pin", idempotency_key: key!, current_password: kwame.password, new_pin: "3917", confirm_pin: "3917" });
      expect(saved).toMatchObject({ status: 302, location: "/account#pin" });
    }
    expect(told()).toEqual(twice(3));
    // The next page has a new key: setting the PIN again later is told again.
    expect(/name="intent" value="pin"\/><input type="hidden" name="idempotency_key" value="([^"]+)"/.exec((await get(kwame.page, "/account")).html)?.[1]).not.toBe(key);
  });

  it("refuses a weak PIN, a wrong or missing password and a stranger with a 4xx {detail}, changing nothing", async () => {
    const kofi = await createInvestor(server);
    const cases: Array<[unknown, number, string]> = [
      [{ password: kofi.password, pin: "1234" }, 422, "Your PIN cannot be digits in a row, like 1234 or 9876: choose one that is harder to guess."],
      [{ password: kofi.password, pin: "987654" }, 422, "Your PIN cannot be digits in a row, like 1234 or 9876: choose one that is harder to guess."],
      [{ password: kofi.password, pin: "7777" }, 422, "Your PIN cannot be one digit repeated, like 1111: choose one that is harder to guess."],
      [{ password: kofi.password, pin: "407" }, 422, "Your PIN must be 4 to 6 digits."],
      [{ password: kofi.password, pin: "40a19" }, 422, "Your PIN must be 4 to 6 digits."],
      [{ password: kofi.password, pin: 4071 }, 422, "Your PIN must be 4 to 6 digits."],
      [{ password: kofi.password }, 422, "Your PIN must be 4 to 6 digits."],
      [{ pin: "4071" }, 422, "Enter your password to confirm it is you."],
      [{ password: "not-my-password", pin: "4071" }, 403, "That is not your current password."],
    ];
    for (const [body, status, detail] of cases) expect(await call(kofi.api, "POST", "/api/v1/auth/pin", body), JSON.stringify(body)).toEqual({ status, body: { detail } });
    expect(await call(new Client(server.url), "POST", "/api/v1/auth/pin", { password: "x", pin: "4071" })).toEqual({ status: 401, body: { detail: "Not authenticated." } });
    expect((await call(kofi.api, "GET", "/api/v1/auth/pin")).status).toBe(405);
    expect((await kofi.api.request("/api/v1/auth/pin", { method: "POST", body: "{", headers: { "Content-Type": "application/json" } })).status).toBe(400);
    expect(userRow(kofi.id).pin_hash).toBeNull();
  });
});

describe("the PIN on /account, without JavaScript", () => {
  it("an account with a password sets and changes it after the password, the new PIN twice", async () => {
    const kofi = await createInvestor(server);
    const page = await get(kofi.page, "/account");
    expect(page.html).toContain("Your PIN");
    expect(page.html).toContain("You have no PIN yet.");
    expect(mainOf(page.html)).toMatch(/<form[^>]*>(?:(?!<\/form>)[\s\S])*name="intent" value="pin"(?:(?!<\/form>)[\s\S])*name="current_password"/);

    const refusals: Array<[Record<string, string>, string]> = [
      [{ current_password: "wrong-password", new_pin: "4071", confirm_pin: "4071" }, "That is not your current password."],
      [{ current_password: kofi.password, new_pin: "4071", confirm_pin: "4017" }, "The two PINs are not the same."],
      [{ current_password: kofi.password, new_pin: "0000", confirm_pin: "0000" }, "Your PIN cannot be one digit repeated, like 1111: choose one that is harder to guess."],
      [{ current_password: "", new_pin: "4071", confirm_pin: "4071" }, "Enter your current password."],
      // The account says which proof it takes: a PIN where the password is asked is no proof.
      [{ current_pin: "4071", new_pin: "4071", confirm_pin: "4071" }, "Enter your current password."],
    ];
    for (const [fields, message] of refusals) {
      const refused = await post(kofi.page, "/account", { intent: "pin", ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.html).toContain(message);
      expect(refused.html).not.toContain('value="4071"');
    }
    expect(userRow(kofi.id).pin_hash).toBeNull();

    const saved = await post(kofi.page, "/account", { intent: "pin", current_password: kofi.password, new_pin: " 4071 ", confirm_pin: "4071" });
    expect(saved).toMatchObject({ status: 302, location: "/account#pin" });
    const after = await get(kofi.page, "/account");
    expect(after.html).toContain("Your PIN is saved.");
    expect(after.html).toContain("You have a PIN.");
    expect(userRow(kofi.id).pin_hash).toMatch(/^scrypt\$/);
  });

  it("an account registered by phone: no email or password shown, the PIN asked instead, an email added and confirmed by its link, a first password set", async () => {
    const yaa = await createPhoneInvestor(server, { pin: "4071" });
    const page = await get(yaa.page, "/account");
    expect(page.status).toBe(200);
    const main = mainOf(page.html);
    expect(main).toContain("Email: none yet.");
    expect(main).toContain("Add email address");
    expect(main).toContain("Set a password");
    // Two factors are turned off with the password: not offered before there is one.
    expect(main).not.toContain("Two-factor sign-in");
    expect(main).not.toContain('name="current_password"');
    expect(main).toContain('name="current_pin"');

    // A wrong PIN counts towards the lock, and says how many tries are left.
    const wrong = await post(yaa.page, "/account", { intent: "set-password", current_pin: "9999", new_password: "yaa-strong-password", confirm_password: "yaa-strong-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain("That PIN is not right. 2 tries left, then your PIN is locked for 30 minutes.");
    expect(userRow(yaa.id)).toMatchObject({ password_hash: null, pin_failures: 1 });

    const set = await post(yaa.page, "/account", { intent: "set-password", current_pin: "4071", new_password: "yaa-strong-password", confirm_password: "yaa-strong-password" });
    expect(set).toMatchObject({ status: 302, location: "/account#password" });
    expect(userRow(yaa.id).password_hash).toMatch(/^scrypt\$/);
    expect(userRow(yaa.id).pin_failures).toBe(0);
    // Its phone is confirmed: the owner hears of the new password by SMS (there is no email to tell).
    await hubtel.waitFor(() => hubtel.to(yaa.phone).some((s) => s.content.includes("your password was changed")));
    // Now with a password, the page asks for it, and has the form to change it.
    const withPassword = await get(yaa.page, "/account");
    expect(withPassword.html).toContain("Change password");
    expect(withPassword.html).toContain('name="current_password"');

    const email = `yaa.${Date.now()}@example.com`;
    const taken = await post(yaa.page, "/account", { intent: "add-email", email: TEST_ADMIN.email, current_password: "yaa-strong-password" });
    expect(taken.status).toBe(400);
    expect(taken.html).toContain("An account with this email already exists.");
    const added = await post(yaa.page, "/account", { intent: "add-email", email: email.toUpperCase(), current_password: "yaa-strong-password" });
    expect(added).toMatchObject({ status: 302, location: "/account#messages" });
    expect(userRow(yaa.id).email).toBe(email);
    const link = await smtp.waitFor(() => smtp.to(email).some((m) => /confirm-email\/[\w-]+/.test(m.text)));
    const token = /confirm-email\/([\w-]+)/.exec(link.find((m) => /confirm-email\//.test(m.text))!.text)![1];
    expect((await post(new Client(server.url), `/confirm-email/${token}`, {})).status).toBeLessThan(400);
    expect(server.db().prepare("select email_verified_at from users where id = ?").get(yaa.id)).toEqual({ email_verified_at: expect.stringMatching(/^\d{4}-/) });
    // An email once there is changed through support, as before.
    const again = await post(yaa.page, "/account", { intent: "add-email", email: "other@example.com", current_password: "yaa-strong-password" });
    expect(again.status).toBe(400);
    expect(again.html).toContain("Your account already has an email address.");
  });

  it("an account registered by phone adds an email with its PIN, changes its PIN with the old one, and closes with it", async () => {
    const efua = await createPhoneInvestor(server, { pin: "4071" });
    // No digits but the id's: the page shows the address, and the test looks for a PIN's digits in it.
    const email = `efua.${efua.id}@example.com`;
    expect(await post(efua.page, "/account", { intent: "add-email", email, current_pin: "4071" })).toMatchObject({ status: 302 });
    expect(userRow(efua.id).email).toBe(email);

    const same = await post(efua.page, "/account", { intent: "pin", current_pin: "4071", new_pin: "4071", confirm_pin: "4071" });
    expect(same.html).toContain("Your new PIN is the same as your current one.");
    expect(await post(efua.page, "/account", { intent: "pin", current_pin: "4071", new_pin: "5802", confirm_pin: "5802" })).toMatchObject({ status: 302, location: "/account#pin" });

    // The change form sent twice (a second tap without JavaScript): the second is the first's answer,
    // not a wrong try with the PIN that is no longer the PIN, and the owner is told once.
    const changed = { intent: "pin", idempotency_key: `change-${efua.id}`, current_pin: "5802", new_pin: "6913", confirm_pin: "6913" };
    for (let i = 0; i < 2; i++) expect(await post(efua.page, "/account", changed)).toMatchObject({ status: 302, location: "/account#pin" });
    expect(userRow(efua.id).pin_failures).toBe(0);
    expect(server.db().prepare("select count(*) n from notifications where user_id = ? and kind = 'PIN_SET'").get(efua.id)).toEqual({ n: 2 });

    // Closing asks the PIN as it would the password: the server asks, then the ticket closes.
    expect((await post(efua.page, "/account", { intent: "close", current_pin: "4071" })).html).toContain("That PIN is not right.");
    const ask = await post(efua.page, "/account", { intent: "close", current_pin: "6913" });
    expect(ask.status).toBe(200);
    // The PIN typed is not sent back: in no field's value, nor in the page's words. (The page's
    // random tokens, a ticket's time and a build's file names may hold any four digits.)
    expect([...ask.html.matchAll(/<input[^>]*\bvalue="([^"]*)"/g)].map((m) => m[1])).not.toContain("6913");
    expect(ask.html.replace(/<script[\s\S]*?<\/script>/g, "").replace(/<[^>]+>/g, " ")).not.toContain("6913");
    const ticket = /name="ticket" value="([^"]+)"/.exec(ask.html)![1];
    expect(await post(efua.page, "/account", { intent: "close", confirmed: "1", ticket })).toMatchObject({ status: 302, location: "/" });
    expect(userRow(efua.id)).toMatchObject({ email: `closed-${efua.id}@closed.invalid`, phone: null, pin_hash: null, closed_at: expect.any(String) });
  });

  it("refuses an entry that cannot be a PIN in every form that asks the current one, without counting it toward the lock", async () => {
    const kwame = await createPhoneInvestor(server, { pin: "4071" });
    // One wrong PIN counted first: a slip must leave the count as it is, not only at nought.
    expect((await post(kwame.page, "/account", { intent: "pin", current_pin: "9999", new_pin: "5802", confirm_pin: "5802" })).html).toContain("That PIN is not right. 2 tries left");
    const forms: Array<Record<string, string>> = [
      { intent: "add-email", email: `kwame.${kwame.id}@example.com` },
      { intent: "pin", new_pin: "5802", confirm_pin: "5802" },
      { intent: "set-password", new_password: "kwame-strong-password", confirm_password: "kwame-strong-password" },
      { intent: "close" },
      // The close form with JavaScript sends the PIN and confirmed=1 at once.
      { intent: "close", confirmed: "1" },
    ];
    // Letters, too few or too many digits, a space inside: refused as they are, sent as often as the lock takes.
    const slips = ["abcd", "12", "1234567", "40 71"];
    for (const fields of forms) {
      for (let i = 0; i < Math.max(PIN_TRIES, slips.length); i++) {
        const slip = slips[i % slips.length];
        const refused = await post(kwame.page, "/account", { ...fields, current_pin: slip });
        expect(refused.status, `${fields.intent} ${slip}`).toBe(400);
        expect(refused.html, `${fields.intent} ${slip}`).toContain("Your PIN must be 4 to 6 digits.");
      }
      // An empty one asks for the PIN, as before, and counts nothing either.
      expect((await post(kwame.page, "/account", { ...fields, current_pin: "" })).html).toContain("Enter your PIN to confirm it is you.");
      expect(userRow(kwame.id), fields.intent).toMatchObject({ pin_failures: 1, pin_locked_until: null, email: null, password_hash: null, closed_at: null });
    }
    // A well-formed wrong PIN still counts, and the right one still works.
    expect((await post(kwame.page, "/account", { intent: "pin", current_pin: "9998", new_pin: "5802", confirm_pin: "5802" })).html).toContain("That PIN is not right. 1 try left");
    expect(await post(kwame.page, "/account", { intent: "pin", current_pin: "4071", new_pin: "5802", confirm_pin: "5802" })).toMatchObject({ status: 302, location: "/account#pin" });
    expect(userRow(kwame.id)).toMatchObject({ pin_failures: 0, pin_locked_until: null });
  });
});

describe("accounts registered by phone elsewhere", () => {
  it("the API shows no email; the admins' list names the account by its masked phone; it cannot be made an admin", async () => {
    const yaa = await createPhoneInvestor(server);
    expect((await call(yaa.api, "GET", "/api/v1/auth/me")).body).toMatchObject({ id: yaa.id, email: null, phone: yaa.phone });
    const listed = (await call(admin.api, "GET", "/api/v1/admin/users")).body.find((u: { id: number }) => u.id === yaa.id);
    expect(listed).toEqual({ id: yaa.id, email: null, phone: `+233 *** *** ${yaa.phone.slice(-3)}`, full_name: "Yaa Asantewaa", is_admin: false, two_factor: false });
    const role = await call(admin.api, "POST", `/api/v1/admin/users/${yaa.id}/role`, { is_admin: true });
    expect(role.status).toBe(409);
    expect(role.body.detail).toMatch(/^An admin signs in with an email address, a password and two-factor sign-in/);
  });

  it("keeps its phone, the only way it signs in, until it has a password", async () => {
    const yaa = await createPhoneInvestor(server);
    for (const phone of ["024 999 0000", null, ""]) {
      const refused = await call(yaa.api, "PATCH", "/api/v1/auth/me", { phone });
      expect(refused, String(phone)).toEqual({ status: 409, body: { detail: "You log in with this phone number: set a password on your account page before you change or remove it." } });
    }
    const page = await post(yaa.page, "/account", { intent: "profile", full_name: "Yaa A. Asantewaa", phone: "024 999 0000" });
    expect(page.status).toBe(400);
    expect(page.html).toContain("You log in with this phone number");
    expect(userRow(yaa.id).phone).toBe(yaa.phone);
    // The name alone, and the same number however written, change nothing that matters.
    const local = `0${yaa.phone.slice(4)}`;
    expect((await post(yaa.page, "/account", { intent: "profile", full_name: "Yaa A. Asantewaa", phone: local })).status).toBe(302);
    expect(server.db().prepare("select full_name, phone, cast(phone_verified_at is not null as integer) as confirmed from users where id = ?").get(yaa.id)).toEqual({
      full_name: "Yaa A. Asantewaa",
      phone: yaa.phone,
      confirmed: 1,
    });
  });

  it("cannot turn two-factor sign-in on before it has a password (it would lock itself out)", async () => {
    const yaa = await createPhoneInvestor(server);
    const setup = await call(yaa.api, "POST", "/api/v1/auth/2fa/setup");
    expect(setup.status).toBe(200);
    await awayFromStepEnd();
    const enabled = await call(yaa.api, "POST", "/api/v1/auth/2fa/enable", { code: codeFor(setup.body.secret) });
    expect(enabled).toEqual({ status: 409, body: { detail: "Set a password on your account page first: two-factor sign-in asks for it with the code." } });
    expect(server.db().prepare("select totp_enabled_at from users where id = ?").get(yaa.id)).toEqual({ totp_enabled_at: null });
  });

  it("deposits with the provider, which gets a stand-in address for the payer", async () => {
    const yaa = await createPhoneInvestor(server);
    const deposit = await call(yaa.api, "POST", "/api/v1/invest/deposit", { amount: 25 });
    expect(deposit.status).toBe(200);
    expect(deposit.body.balance).toBe(25);
  });
});

describe("signing in with a phone number on /login/phone", () => {
  it("takes the number, the code from the SMS and the PIN, and signs in as the password does", async () => {
    const login = await get(new Client(server.url), "/login");
    expect(login.html).toMatch(/href="\/login\/phone"[^>]*>Log in with your phone number and PIN</);

    const yaa = await createPhoneInvestor(server, { pin: "4071", walletGhs: 10 });
    const browser = new Client(server.url);
    const first = await get(browser, "/login/phone?redirectTo=/portfolio");
    expect(first.html).toContain('name="phone"');
    const local = `0${yaa.phone.slice(4, 6)} ${yaa.phone.slice(6, 9)} ${yaa.phone.slice(9)}`;
    expect(await post(browser, "/login/phone", { intent: "send-code", phone: local, redirectTo: "/portfolio" })).toMatchObject({ status: 302, location: "/login/phone" });
    const codeStep = await get(browser, "/login/phone");
    expect(codeStep.html).toContain(`If +233 ${yaa.phone.slice(4, 6)} ${yaa.phone.slice(6, 9)} ${yaa.phone.slice(9)} is the confirmed number of an account with a PIN`);
    const code = await signInCodeFor(yaa.phone);
    const sms = hubtel.to(yaa.phone).at(-1)!;
    expect(sms.content.length).toBeLessThanOrEqual(160);

    const wrongCode = await post(browser, "/login/phone", { intent: "check-code", code: code === "000000" ? "111111" : "000000" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.html).toContain("That code is not right, has expired or was used too many times.");
    expect(await post(browser, "/login/phone", { intent: "check-code", code: `${code.slice(0, 3)} ${code.slice(3)}` })).toMatchObject({ status: 302, location: "/login/phone" });
    const pinStep = await get(browser, "/login/phone");
    expect(pinStep.html).toContain("The code is right. Now enter your PIN");
    expect((await post(browser, "/login/phone", { intent: "check-pin", pin: "" })).html).toContain("Enter your PIN.");
    // Letters, or too few or too many digits, cannot be a PIN: refused as they are, no try counted.
    for (const slip of ["abcd", "12", "1234567"]) {
      const refused = await post(browser, "/login/phone", { intent: "check-pin", pin: slip });
      expect(refused.status, slip).toBe(400);
      expect(refused.html, slip).toContain("Your PIN must be 4 to 6 digits.");
    }
    expect(userRow(yaa.id).pin_failures).toBe(0);
    const wrongPin = await post(browser, "/login/phone", { intent: "check-pin", pin: "5802" });
    expect(wrongPin.html).toContain("That PIN is not right. 2 tries left");
    // The language kept on the account (chosen on USSD, say) follows to this device, as at a password sign-in.
    server.db().prepare("update users set locale = 'ak' where id = ?").run(yaa.id);
    const done = await post(browser, "/login/phone", { intent: "check-pin", pin: "4071" });
    expect(done).toMatchObject({ status: 302, location: "/portfolio" });
    expect(browser.cookieHeader()).toContain("lang=ak");
    expect((await get(browser, "/portfolio")).status).toBe(200);
    expect(server.db().prepare("select kind, second_factor_at from sessions where user_id = ? order by id desc limit 1").get(yaa.id)).toEqual({ kind: "browser", second_factor_at: null });
    // A right PIN reset the count; the code was spent.
    expect(userRow(yaa.id).pin_failures).toBe(0);
    expect((await get(browser, "/login/phone")).location).toBe("/portfolio");
  });

  it("the number form sent twice (a second tap without JavaScript, its key) texts one code, and that code signs in", async () => {
    const esi = await createPhoneInvestor(server, { pin: "4071" });
    const browser = new Client(server.url);
    const key = /name="intent" value="send-code"\/><input type="hidden" name="idempotency_key" value="([^"]+)"/.exec((await get(browser, "/login/phone")).html)?.[1];
    expect(key).toBeTruthy();
    for (let i = 0; i < 2; i++) expect(await post(browser, "/login/phone", { intent: "send-code", idempotency_key: key!, phone: esi.phone })).toMatchObject({ status: 302, location: "/login/phone" });
    const codes = () => server.db().prepare("select count(*) n from contact_confirmations where user_id = ? and purpose = 'SIGN_IN'").get(esi.id);
    expect(codes()).toEqual({ n: 1 });
    expect(server.db().prepare("select count(*) n from outbox where user_id = ? and kind = 'SIGN_IN_CODE'").get(esi.id)).toEqual({ n: 1 });
    const code = await signInCodeFor(esi.phone);
    expect(await post(browser, "/login/phone", { intent: "check-code", code })).toMatchObject({ status: 302, location: "/login/phone" });
    expect((await get(browser, "/login/phone")).html).toContain("The code is right. Now enter your PIN");
    // A number nobody holds, with the same key: the same answer.
    const other = new Client(server.url);
    expect(await post(other, "/login/phone", { intent: "send-code", idempotency_key: key!, phone: uniquePhone() })).toMatchObject({ status: 302, location: "/login/phone" });
  });

  it("answers an unknown number, an admin's and an account without a PIN exactly alike, and texts none of them", async () => {
    const adminPhone = uniquePhone();
    server.db().prepare("update users set phone = ?, phone_verified_at = ?, pin_hash = ? where email = ?").run(adminPhone, serverNow(server).toISOString(), hashPassword("4071"), TEST_ADMIN.email);
    const noPin = await createInvestor(server);
    const noPinPhone = uniquePhone();
    server.db().prepare("update users set phone = ?, phone_verified_at = ? where id = ?").run(noPinPhone, serverNow(server).toISOString(), noPin.id);
    const unknown = uniquePhone();
    const seen: string[] = [];
    for (const phone of [unknown, adminPhone, noPinPhone]) {
      const browser = new Client(server.url);
      const sent = await post(browser, "/login/phone", { intent: "send-code", phone });
      expect(sent).toMatchObject({ status: 302, location: "/login/phone" });
      const step = await get(browser, "/login/phone");
      seen.push(mainOf(step.html).replace(/\+233 \d\d \d{3} \d{4}/g, "NUMBER"));
      const tried = await post(browser, "/login/phone", { intent: "check-code", code: "123456" });
      expect(tried.status).toBe(400);
      seen.push(mainOf(tried.html).replace(/\+233 \d\d \d{3} \d{4}/g, "NUMBER"));
    }
    expect(seen[2]).toBe(seen[0]);
    expect(seen[4]).toBe(seen[0]);
    expect(seen[3]).toBe(seen[1]);
    expect(seen[5]).toBe(seen[1]);
    // The outbox worker polls every 100 ms: anything queued would have gone by the time a second code had.
    const witness = await createPhoneInvestor(server);
    await post(new Client(server.url), "/login/phone", { intent: "send-code", phone: witness.phone });
    await signInCodeFor(witness.phone);
    for (const phone of [unknown, adminPhone, noPinPhone]) expect(hubtel.to(phone), phone).toEqual([]);
    expect(server.db().prepare("select count(*) n from outbox where recipient in (?, ?, ?)").get(unknown, adminPhone, noPinPhone)).toEqual({ n: 0 });
  });

  it("locks the PIN after three wrong ones: an SMS and an email tell the owner, the right PIN is refused until the time given, after a restart too", async () => {
    const ama = await createPhoneInvestor(server, { pin: "4071" });
    const email = `ama.${Date.now()}@example.com`;
    server.db().prepare("update users set email = ?, email_verified_at = ? where id = ?").run(email, serverNow(server).toISOString(), ama.id);
    const browser = new Client(server.url);
    await post(browser, "/login/phone", { intent: "send-code", phone: ama.phone });
    await post(browser, "/login/phone", { intent: "check-code", code: await signInCodeFor(ama.phone) });
    expect((await post(browser, "/login/phone", { intent: "check-pin", pin: "1357" })).html).toContain("2 tries left");
    expect((await post(browser, "/login/phone", { intent: "check-pin", pin: "2468" })).html).toContain("1 try left");
    const locked = await post(browser, "/login/phone", { intent: "check-pin", pin: "9753" });
    const until = /Your PIN is locked after 3 wrong tries\. Try again after (\d{4}-\d\d-\d\d \d\d:\d\d) UTC\./.exec(locked.html)?.[1];
    expect(until, locked.html).toBeTruthy();
    const lockedUntil = userRow(ama.id).pin_locked_until!;
    expect(lockedUntil.slice(0, 16).replace("T", " ")).toBe(until);
    const minutes = (Date.parse(lockedUntil) - serverNow(server).getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(31);

    // The owner is told by SMS and by email (a security notice), in the words stored as an id and parameters.
    await hubtel.waitFor(() => hubtel.to(ama.phone).some((s) => s.content.includes("Your PIN was entered wrong 3 times in a row")));
    const sms = hubtel.to(ama.phone).find((s) => s.content.includes("Your PIN was entered wrong"))!;
    expect(sms.content).toBe(`Akoko: Your PIN was entered wrong 3 times in a row and is locked until ${until} UTC. Not you? Contact us at once.`);
    await smtp.waitFor(() => smtp.to(email).some((m) => m.headers.subject === "Your Akoko PIN is locked"));
    expect(smtp.to(email).find((m) => m.headers.subject === "Your Akoko PIN is locked")!.text).toContain(`locked until ${until} UTC`);
    expect(server.db().prepare("select message_id, message_params from outbox where user_id = ? and kind = 'PIN_LOCKED' order by id").all(ama.id)).toEqual([
      { message_id: "notices.pinLocked", message_params: JSON.stringify({ tries: 3, until: `${until} UTC` }) },
      { message_id: "notices.pinLocked", message_params: JSON.stringify({ tries: 3, until: `${until} UTC` }) },
    ]);

    // Even the right PIN is refused while locked, saying until when; the lock is on the account, so a new process keeps it.
    expect((await post(browser, "/login/phone", { intent: "check-pin", pin: "4071" })).html).toContain(`Try again after ${until} UTC.`);
    await server.stop();
    server = await startServer(messagingEnv(smtp, hubtel), { dbFile: server.dbFile });
    const again = new Client(server.url);
    for (const pair of browser.cookieHeader().split("; ")) again.setCookie(pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1));
    const stillLocked = await post(again, "/login/phone", { intent: "check-pin", pin: "4071" });
    expect(stillLocked.html).toContain(`Try again after ${until} UTC.`);
    expect((await get(again, "/portfolio")).status).toBe(302);
    expect(server.db().prepare("select count(*) n from notifications where user_id = ? and kind = 'PIN_LOCKED'").get(ama.id)).toEqual({ n: 1 });
  });
});

describe("a phone sign-in counts towards the password sign-in's limits", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ LOGIN_FAILURES_PER_ADDRESS: "3" });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it("shares the per-address counter with wrong passwords: past it both answer 429", async () => {
    const browser = new Client(limited.url);
    const wrongPassword = await browser.postForm("/login", { email: "nobody@example.com", password: "wrong-password" });
    expect(wrongPassword.status).toBe(401);
    for (const phone of [uniquePhone(), uniquePhone()]) expect((await browser.postForm("/login/phone", { intent: "send-code", phone })).status).toBe(302);
    const refused = await post(browser, "/login/phone", { intent: "send-code", phone: uniquePhone() });
    expect(refused.status).toBe(429);
    expect(refused.html).toContain("Too many attempts. Please try again later.");
    expect((await browser.postForm("/login", { email: "nobody@example.com", password: "wrong-password" })).status).toBe(429);
  });
});
