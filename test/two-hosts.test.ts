import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client } from "./support/client";
import { createBatch, createInvestor, signInAdmin, type Investor } from "./support/factories";
import { startFakeHubtel, type FakeHubtel } from "./support/fake-hubtel";
import { startFakeSmtp, type FakeSmtp } from "./support/fake-smtp";
import { messagingEnv } from "./support/messaging";
import { startServer, type TestServer } from "./support/server";

/**
 * Two app servers, on two ports as on two hosts, against one database: on PostgreSQL (the
 * "postgres" project) what several hosts must agree on lives in the database, and so it does on
 * SQLite's one file. Investors buying the last units through either server sell no unit twice, and
 * the outbox workers of both servers send each receipt once.
 */
let a: TestServer;
let b: TestServer;
let smtp: FakeSmtp;
let hubtel: FakeHubtel;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  hubtel = await startFakeHubtel();
  const env = messagingEnv(smtp, hubtel, { OUTBOX_POLL_MS: "50" });
  a = await startServer(env);
  b = await startServer(env, { dbFile: a.dbFile });
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await smtp?.close();
  await hubtel?.close();
});

/** The same investor's bearer token, on the other server. */
function onServer(server: TestServer, investor: Investor): Client {
  const client = new Client(server.url);
  client.bearer = investor.token;
  return client;
}

describe("two servers on one database", () => {
  it("sell the last units of a batch once: as many as there were, never more", async () => {
    const UNIT_PRICE_GHS = 10;
    const batch = createBatch(a, { targetUnits: 40, unitPrice: UNIT_PRICE_GHS });
    const investors = await Promise.all(Array.from({ length: 30 }, (_, i) => createInvestor(a, { walletGhs: 100, phone: `+23324${String(5000000 + i).padStart(7, "0")}` })));
    // 30 investors want 2 units each (60) of 40, half through each server, all at once.
    const answers = await Promise.all(investors.map((investor, i) => call(onServer(i % 2 === 0 ? a : b, investor), "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 2 })));
    const sold = answers.filter((r) => r.status === 201 || r.status === 200);
    const refused = answers.filter((r) => r.status >= 400);
    expect(sold.length + refused.length).toBe(30);
    expect(sold.length).toBe(20);
    for (const r of refused) expect(r.status).toBe(409);

    const db = a.db();
    const row = db.prepare("select units_placed as placed, target_units as target from batches where id = ?").get(batch.id) as { placed: number; target: number };
    expect(row).toEqual({ placed: 40, target: 40 });
    expect((db.prepare("select coalesce(sum(units), 0) as n from investments where batch_id = ?").get(batch.id) as { n: number }).n).toBe(40);
    // Every refused investor still holds the whole wallet; every buyer paid for 2 units once.
    for (const [i, investor] of investors.entries()) {
      const wallet = (db.prepare("select balance_minor as b from accounts where kind = 'WALLET' and user_id = ?").get(investor.id) as { b: number }).b;
      const bought = answers[i].status < 400;
      expect(wallet).toBe(bought ? 100_00 - 2 * UNIT_PRICE_GHS * 100 : 100_00);
    }
    const admin = (await signInAdmin(b)).api;
    expect((await call(admin, "GET", "/api/v1/admin/invariants")).body).toMatchObject({ ok: true, problems: [] });
  });

  it("send each queued message once, whichever server's outbox worker claims it", async () => {
    const investors = await Promise.all(Array.from({ length: 24 }, (_, i) => createInvestor(a, { password: "old-password-123", phone: `+23320${String(6000000 + i).padStart(7, "0")}` })));
    // A changed password is told by email and SMS: 48 messages queued through both servers at once.
    const answers = await Promise.all(
      investors.map((investor, i) => call(onServer(i % 2 === 0 ? a : b, investor), "POST", "/api/v1/auth/change-password", { current_password: "old-password-123", new_password: "new-password-456" })),
    );
    expect(answers.map((r) => r.status)).toEqual(investors.map(() => 204));
    const db = a.db();
    const phones = investors.map((investor) => phoneOf(db, investor.id));
    await smtp.waitFor(() => investors.every((investor) => smtp.to(investor.email).length > 0), 20_000);
    await hubtel.waitFor(() => phones.every((phone) => hubtel.to(phone).length > 0), 20_000);
    // A worker marks its row sent just after the provider took it: wait for all 48 to be marked.
    const ids = investors.map((x) => x.id).join(",");
    const listRows = () => db.prepare(`select status, attempts from outbox where kind = 'PASSWORD_CHANGED' and user_id in (${ids})`).all() as { status: string }[];
    const deadline = Date.now() + 10_000;
    while (listRows().some((row) => row.status !== "sent") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    // Claimed once each (one attempt) and sent: no worker can claim a sent row again.
    const rows = listRows();
    expect(rows).toHaveLength(48);
    for (const row of rows) expect(row).toEqual({ status: "sent", attempts: 1 });
    const started = db.prepare(`select count(*) as n from outbox_attempts where outbox_id in (select id from outbox where kind = 'PASSWORD_CHANGED' and user_id in (${ids}))`).get() as { n: number };
    expect(started.n).toBe(48);
    for (const investor of investors) expect(smtp.to(investor.email)).toHaveLength(1);
    for (const phone of phones) expect(hubtel.to(phone)).toHaveLength(1);
  });
});

function phoneOf(db: ReturnType<TestServer["db"]>, userId: number): string {
  return (db.prepare("select phone from users where id = ?").get(userId) as { phone: string }).phone;
}
