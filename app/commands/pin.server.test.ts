import { describe, expect, it } from "vitest";
import { changePin, checkPin, findUserByConfirmedPhone, registerByPhone } from "~/commands/pin.server";
import { DomainError } from "~/domain/errors";
import { PinRefused, readNewPin } from "~/domain/pin";
import { nowIso } from "~/lib/clock.server";
import { getDb } from "~/lib/db.server";
import { useUnitDatabase } from "../../test/support/unit-database";

// This file's own SQLite file, migrated like the server's; nothing in the app is mocked.
useUnitDatabase("pin");

let numbers = 0;
/** A Ghana mobile number this file has not used. */
const newPhone = () => `+23324555${String(++numbers).padStart(4, "0")}`;

const row = (id: number) =>
  getDb().$client.prepare("select email, password_hash, phone, phone_verified_at, pin_hash, pin_failures, pin_locked_until, locale from users where id = ?").get(id) as {
    email: string | null;
    password_hash: string | null;
    phone: string | null;
    phone_verified_at: string | null;
    pin_hash: string | null;
    pin_failures: number;
    pin_locked_until: string | null;
    locale: string | null;
  };

const noticesOf = (id: number) => getDb().$client.prepare("select kind, message_id from notifications where user_id = ? order by id").all(id);
const outboxOf = (id: number) => getDb().$client.prepare("select channel, kind, recipient from outbox where user_id = ? order by id").all(id);

async function register(pin = "4071") {
  return registerByPhone({ fullName: "Yaa Asantewaa", phone: newPhone(), pin: readNewPin(pin), language: "ak" });
}

describe("registerByPhone", () => {
  it("makes a Registered account with its phone confirmed, a hashed PIN, and no email or password", async () => {
    const user = await register("4071");
    const stored = row(user.id);
    expect(user).toMatchObject({ email: null, fullName: "Yaa Asantewaa", isAdmin: false });
    expect(stored).toMatchObject({ email: null, password_hash: null, phone: user.phone, pin_failures: 0, pin_locked_until: null, locale: "ak" });
    expect(stored.phone_verified_at).not.toBeNull();
    expect(stored.pin_hash).toMatch(/^scrypt\$/);
    expect(stored.pin_hash).not.toContain("4071");
  });

  it("refuses a number any account holds, confirmed or not, beside the phone field", async () => {
    const first = await register();
    await expect(registerByPhone({ fullName: "Twin", phone: first.phone!, pin: readNewPin("5802") })).rejects.toMatchObject({ status: 409, field: "phone", ref: { msg: "refusals.phoneTaken" } });
    const unconfirmed = newPhone();
    getDb().$client.prepare("insert into users (email, full_name, password_hash, phone) values ('web@example.com', 'Web', 'x', ?)").run(unconfirmed);
    await expect(registerByPhone({ fullName: "Twin", phone: unconfirmed, pin: readNewPin("5802") })).rejects.toBeInstanceOf(DomainError);
  });

  it("lets only one of two registrations of a number at once through", async () => {
    const phone = newPhone();
    const tries = await Promise.allSettled([0, 1, 2].map(() => registerByPhone({ fullName: "Race", phone, pin: readNewPin("5802") })));
    expect(tries.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    expect((getDb().$client.prepare("select count(*) n from users where phone = ?").get(phone) as { n: number }).n).toBe(1);
  });
});

describe("findUserByConfirmedPhone", () => {
  it("finds the open account whose confirmed phone it is, however the number is written", async () => {
    const user = await register();
    const local = `0${user.phone!.slice(4)}`;
    for (const spelling of [user.phone!, local, `233${user.phone!.slice(4)}`, `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`])
      expect(findUserByConfirmedPhone(spelling)?.id, spelling).toBe(user.id);
    expect(findUserByConfirmedPhone("not a number")).toBeNull();
    expect(findUserByConfirmedPhone(newPhone())).toBeNull();
  });

  it("finds nobody by an unconfirmed phone, a closed account's, or a number two accounts confirmed", async () => {
    const unconfirmed = newPhone();
    getDb().$client.prepare("insert into users (email, full_name, password_hash, phone) values ('unconfirmed@example.com', 'Web', 'x', ?)").run(unconfirmed);
    expect(findUserByConfirmedPhone(unconfirmed)).toBeNull();
    const shared = newPhone();
    for (const email of ["one@example.com", "two@example.com"])
      getDb().$client.prepare("insert into users (email, full_name, password_hash, phone, phone_verified_at) values (?, 'Shared', 'x', ?, ?)").run(email, shared, nowIso());
    expect(findUserByConfirmedPhone(shared)).toBeNull();
    const closed = await register();
    getDb().$client.prepare("update users set closed_at = ? where id = ?").run(nowIso(), closed.id);
    expect(findUserByConfirmedPhone(closed.phone!)).toBeNull();
  });
});

describe("checkPin", () => {
  const ctx = (id: number) => ({ actor: { id }, key: null });

  it("takes the right PIN, says how many tries a wrong one leaves, and a right one resets the count", async () => {
    const user = await register("4071");
    expect(await checkPin(ctx(user.id), "4071")).toEqual({ ok: true });
    expect(await checkPin(ctx(user.id), "0000")).toEqual({ ok: false, reason: "wrong", triesLeft: 2 });
    expect(await checkPin(ctx(user.id), "")).toEqual({ ok: false, reason: "wrong", triesLeft: 1 });
    expect(await checkPin(ctx(user.id), "4071")).toEqual({ ok: true });
    expect(row(user.id).pin_failures).toBe(0);
    expect(await checkPin(ctx(user.id), "1111")).toEqual({ ok: false, reason: "wrong", triesLeft: 2 });
  });

  it("locks after three wrong in a row for 30 minutes, refuses even the right PIN until then, and tells the owner once", async () => {
    const user = await register("4071");
    await checkPin(ctx(user.id), "1");
    await checkPin(ctx(user.id), "2");
    const third = await checkPin(ctx(user.id), "3");
    expect(third).toMatchObject({ ok: false, reason: "locked" });
    const until = (third as { until: string }).until;
    const minutes = (Date.parse(until) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(31);
    expect(await checkPin(ctx(user.id), "4071")).toEqual({ ok: false, reason: "locked", until });
    expect(noticesOf(user.id)).toEqual([{ kind: "PIN_LOCKED", message_id: "notices.pinLocked" }]);
    // Its phone is confirmed, it has no email: the SMS goes, no email.
    expect(outboxOf(user.id)).toEqual([{ channel: "SMS", kind: "PIN_LOCKED", recipient: user.phone }]);

    // Half an hour on (the lock's end moved into the past): the right PIN works again, with three tries.
    getDb()
      .$client.prepare("update users set pin_locked_until = ? where id = ?")
      .run(new Date(Date.now() - 1000).toISOString(), user.id);
    expect(await checkPin(ctx(user.id), "0000")).toEqual({ ok: false, reason: "wrong", triesLeft: 2 });
    expect(await checkPin(ctx(user.id), "4071")).toEqual({ ok: true });
  });

  it("counts parallel guesses before hashing: five at once lock it once, and at most three are checked", async () => {
    const user = await register("4071");
    const answers = await Promise.all(["1", "2", "3", "4", "5"].map((guess) => checkPin(ctx(user.id), guess)));
    const reasons = answers.map((a) => (a.ok ? "ok" : a.reason));
    // Three checks got a place (two answered wrong, the third locked it); the others were refused unchecked.
    expect(reasons.filter((r) => r === "wrong")).toHaveLength(2);
    expect(reasons.every((r) => ["wrong", "locked", "busy"].includes(r))).toBe(true);
    expect(row(user.id).pin_locked_until).not.toBeNull();
    expect(noticesOf(user.id)).toHaveLength(1);
  });

  it("answers an account without a PIN as having none", async () => {
    const id = (getDb().$client.prepare("insert into users (email, full_name, password_hash) values ('nopin@example.com', 'No PIN', 'x') returning id").get() as { id: number }).id;
    expect(await checkPin(ctx(id), "4071")).toEqual({ ok: false, reason: "no-pin" });
  });
});

describe("changePin", () => {
  it("needs the current PIN, refuses the same one again, and stores the new one", async () => {
    const user = await register("4071");
    const ctx = { actor: { id: user.id }, key: null };
    await expect(changePin(ctx, { oldPin: "9999", newPin: readNewPin("5802") })).rejects.toBeInstanceOf(PinRefused);
    await expect(changePin(ctx, { oldPin: "4071", newPin: readNewPin("4071") })).rejects.toMatchObject({ field: "new_pin", ref: { msg: "refusals.pinSame" } });
    await changePin(ctx, { oldPin: "4071", newPin: readNewPin("5802") });
    expect(await checkPin(ctx, "5802")).toEqual({ ok: true });
    expect(await checkPin(ctx, "4071")).toMatchObject({ ok: false, reason: "wrong" });
  });
});
