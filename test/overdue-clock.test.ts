// Issue 18: the overdue flag under a moving clock. One database, one egg batch whose first month of
// income is due at this month's end: no flag before the date; "Overdue by N days" on the batch page,
// the public settlements API, the investor's portfolio and the admin dashboard once the server is
// restarted days after it; gone everywhere once the farm remits and the month is paid.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, htmlText } from "./support/client";
import { createBatch, createInvestor, serverNow, signIn, signInAdmin } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const DAY_MS = 86_400_000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);

/** Everything that shows the flag, as an anonymous visitor, the investor and the admin see it. */
async function flags(s: TestServer, { batchId, investorId, investmentId }: { batchId: number; investorId: number; investmentId: number }) {
  const investor = await signIn(s, investorId);
  const admin = await signInAdmin(s);
  const text = async (client: typeof investor.page, path: string) => htmlText(await (await client.get(path)).text());
  const batchPage = await text(investor.page, `/batches/${batchId}`);
  const portfolio = await text(investor.page, "/portfolio");
  const dashboard = await text(admin.page, "/admin");
  const holding = new RegExp(`<li[^>]*data-next-payout="${investmentId}"[\\s\\S]*?</li>`).exec(portfolio)?.[0] ?? "";
  const start = dashboard.indexOf(`id="batch-${batchId}"`);
  const row = start < 0 ? "" : dashboard.slice(start, dashboard.indexOf("</tr>", start));
  const api = (await call(investor.api, "GET", `/api/v1/public/batches/${batchId}/settlements`)).body;
  return {
    nextPayout: /data-testid="next-payout">([^<]*)</.exec(batchPage)?.[1] ?? "",
    settlements: /data-testid="settlements-overdue">([\s\S]*?)<\/p>/.exec(batchPage)?.[1].replace(/<[^>]+>/g, "") ?? "",
    api: api.next_due,
    holding: holding.replace(/<[^>]+>/g, " "),
    row,
    admin,
  };
}

describe("the overdue flag, by the clock", () => {
  it("absent before the due date; 'Overdue by N days' after it on the batch page, the API, the portfolio and the dashboard; gone once the month is paid", async () => {
    // Started on the first of the month before last: the hens are in lay this month, whose income is due at its end.
    const now = serverNow(server);
    const startDate = ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1)));
    const period = ymd(now).slice(0, 7);
    const dueDate = ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)));
    const batch = createBatch(server, { productType: "EGG", unitPrice: 100, targetUnits: 100, expectedRoi: 0.02, startDate });
    const u = await createInvestor(server, { walletGhs: 1_000 });
    const invest = await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units: 5 });
    expect(invest.status).toBe(201);
    const ids = { batchId: batch.id, investorId: u.id, investmentId: invest.body.investment.id as number };
    const admin = await signInAdmin(server);
    expect((await call(admin.api, "POST", `/api/v1/admin/batches/${batch.id}/activate`)).status).toBe(200);

    // Before the due date (today is on or before the month's last day): no flag anywhere.
    const before = await flags(server, ids);
    expect(before.nextPayout).toBe(`Monthly income for ${period}, due by ${dueDate}.`);
    expect(before.settlements).toBe("");
    expect(before.api).toEqual({ period, due_date: dueDate, overdue_days: 0 });
    expect(before.holding).toContain(dueDate);
    expect(before.holding).not.toContain("Overdue");
    expect(before.row).not.toBe("");
    expect(before.row).not.toContain("Overdue");

    // Three days after the due date: the same database under a later clock.
    const offset = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${ymd(now)}T00:00:00Z`)) / DAY_MS) + 3;
    const dbFile = server.dbFile;
    await server.stop();
    server = await startServer({}, { dbFile, clockOffsetDays: offset });
    const late = await flags(server, ids);
    expect(late.nextPayout).toBe(`Monthly income for ${period}, due by ${dueDate}. Overdue by 3 days.`);
    expect(late.settlements).toBe(`Overdue by 3 days Income for ${period} was due by ${dueDate} and has not been paid.`);
    expect(late.api).toEqual({ period, due_date: dueDate, overdue_days: 3 });
    expect(late.holding).toContain("Overdue by 3 days");
    expect(late.row).toContain('data-testid="overdue">Overdue by 3 days<');

    // The farm remits the month and the run pays it (a catch-up of last month, now): the flag goes.
    const remit = await call(late.admin.api, "POST", `/api/v1/admin/batches/${batch.id}/remittances`, { period, amount: 10, crates_sold: 20, price_per_crate: 65 });
    expect(remit.status).toBe(201);
    const run = await call(late.admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, { period });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ period, total: 10, count: 1 });
    const paid = await flags(server, ids);
    const next = ymd(new Date(Date.parse(`${dueDate}T00:00:00Z`) + DAY_MS)).slice(0, 7);
    expect(paid.api).toMatchObject({ period: next, overdue_days: 0 });
    expect(paid.nextPayout).toMatch(new RegExp(`^Monthly income for ${next}, due by ${next}-\\d{2}\\.$`));
    expect(paid.settlements).toBe("");
    expect(paid.holding).not.toContain("Overdue");
    expect(paid.row).not.toContain("Overdue");
    expect((await call(paid.admin.api, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });
  });
});
