// Issue 29 point 1: one voice for money. With Ghana's 8% withholding tax, the wallet statement, the
// portfolio and the notices say the same figures: income as it reached the wallet, the tax withheld
// beside it, and each payout's gross, tax and net in its Details dialog. Checked for the demo investor
// (the seed's history) after new runs of their own: an egg month and a broiler harvest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, htmlText, type Client } from "./support/client";
import { createBatch, createRemittance, serverNow, signIn, signInAdmin, type SignedIn } from "./support/factories";
import { startServer, TEST_INVESTOR, type TestServer } from "./support/server";

let server: TestServer;
let admin: Client;
let ama: SignedIn;

beforeAll(async () => {
  server = await startServer({ WITHHOLDING_TAX_RATE: "0.08" });
  admin = (await signInAdmin(server)).api;
  ama = await signIn(server, TEST_INVESTOR.email);
});
afterAll(async () => {
  await server?.stop();
});

/** "GH₵1,234.56" -> 123456 pesewas. */
const pesewas = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);
const testIdMinor = (html: string, id: string) => pesewas(new RegExp(`data-testid="${id}">([^<]*)<`).exec(html)?.[1] ?? "NaN");

async function html(client: Client, path: string) {
  const res = await client.get(path);
  expect(res.status).toBe(200);
  return res.text();
}

async function invest(api: Client, batchId: number, units: number) {
  const res = await call(api, "POST", "/api/v1/invest/create", { batch_id: batchId, units });
  expect(res.status).toBe(201);
  return res.body.investment.id as number;
}

async function execute(batchId: number) {
  const res = await call(admin, "POST", `/api/v1/admin/payouts/${batchId}/execute`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** The statement CSV's rows: date, kind, memo, amount, balance after. */
async function statement(client: Client) {
  const res = await client.get("/portfolio/statement.csv");
  expect(res.status).toBe(200);
  const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split("\r\n").slice(1);
  return lines.map((line) => {
    const cells = [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => m[1]).slice(0, 5);
    return { kind: cells[1], amountMinor: pesewas(cells[3]) * (cells[3].startsWith("-") ? -1 : 1) };
  });
}

describe("one voice for money (withholding tax 8%)", () => {
  it("the wallet statement, the portfolio, the Details dialog and the notices add up to the same figures", async () => {
    const db = server.db();
    const wallet = (db.prepare("select balance_minor b from accounts where kind = 'WALLET' and user_id = ?").get(ama.id) as { b: number }).b;
    expect(wallet).toBeGreaterThan(300_00);
    // An egg batch in lay: 17 units at GHS 15, 1.25% a month (3.1875 -> 3.19, split 1.88 + 1.31 over the two buys; 8% of each, 0.15 + 0.10 tax).
    const now = serverNow(server);
    const startDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1)).toISOString().slice(0, 10);
    const egg = createBatch(server, { productType: "EGG", unitPrice: 15, targetUnits: 100, expectedRoi: 0.0125, startDate }).id;
    const eggInvestment = await invest(ama.api, egg, 10);
    await invest(ama.api, egg, 7);
    // A broiler batch: 9 units at GHS 5, 12% a cycle (45.00 back, 5.40 earned, 0.43 tax).
    const chicken = createBatch(server, { productType: "CHICKEN", unitPrice: 5, targetUnits: 100, expectedRoi: 0.12 }).id;
    await invest(ama.api, chicken, 9);
    for (const b of [egg, chicken]) expect((await call(admin, "POST", `/api/v1/admin/batches/${b}/activate`)).status).toBe(200);
    for (const b of [egg, chicken]) createRemittance(server, b);
    await execute(egg);
    await execute(chicken);

    // What the runs wrote, per payout: gross, tax, and the principal a harvest paid back.
    const paid = db
      .prepare(
        `select p.id, p.investment_id investmentId, p.run_id runId, p.kind, p.amount_minor gross, p.tax_withheld_minor tax,
           case p.kind when 'HARVEST' then i.units_held * i.unit_price_minor else 0 end principal
         from payouts p join investments i on i.id = p.investment_id where p.user_id = ? and p.kind in ('MONTHLY', 'HARVEST')`,
      )
      .all(ama.id) as Array<{ id: number; investmentId: number; runId: number; kind: string; gross: number; tax: number; principal: number }>;
    const ours = paid.filter((p) => [egg, chicken].includes((db.prepare("select batch_id b from payouts where id = ?").get(p.id) as { b: number }).b));
    expect(ours.filter((p) => p.kind === "MONTHLY").reduce((s, p) => s + p.gross, 0)).toBe(3_19);
    expect(ours.filter((p) => p.kind === "MONTHLY").reduce((s, p) => s + p.tax, 0)).toBe(25);
    expect(ours.filter((p) => p.kind === "HARVEST").map((p) => [p.gross, p.tax])).toEqual([[50_40, 43]]);
    const taxMinor = paid.reduce((s, p) => s + p.tax, 0);
    const incomeNetMinor = paid.reduce((s, p) => s + p.gross - p.principal - p.tax, 0);
    const harvestPrincipalMinor = paid.reduce((s, p) => s + p.principal, 0);

    // The portfolio: income as it reached the wallet, the tax withheld beside it.
    const portfolio = await html(ama.page, "/portfolio");
    expect(testIdMinor(portfolio, "total-income")).toBe(incomeNetMinor);
    expect(testIdMinor(portfolio, "total-income-tax")).toBe(taxMinor);
    expect(htmlText(portfolio)).toContain("Income received");

    // The wallet statement: its payout lines (egg months, harvests) are that income, plus the harvests' principal.
    const lines = await statement(ama.page);
    const payoutLines = lines.filter((l) => l.kind === "PAYOUT" || l.kind === "HARVEST");
    expect(payoutLines.reduce((s, l) => s + l.amountMinor, 0)).toBe(incomeNetMinor + harvestPrincipalMinor);
    expect(lines.filter((l) => l.kind === "PAYOUT").reduce((s, l) => s + l.amountMinor, 0)).toBe(paid.filter((p) => p.kind === "MONTHLY").reduce((s, p) => s + p.gross - p.tax, 0));

    // The notices: one per run, the net it paid and the tax it took.
    const notices = await call(ama.api, "GET", "/api/v1/invest/notifications");
    const payoutNotices = (notices.body as Array<{ kind: string; message: string }>).filter((n) => n.kind === "PAYOUT");
    const runs = new Set(paid.map((p) => p.runId));
    expect(payoutNotices).toHaveLength(runs.size);
    const noticed = payoutNotices.map((n) => {
      const m = /^Payout received: (GH₵[\d,.]+) from Batch #\d+ \(.*?(?:; (GH₵[\d,.]+) withholding tax deducted)?\)\.$/.exec(n.message);
      expect(m, n.message).not.toBeNull();
      return { netMinor: pesewas(m![1]), taxMinor: m![2] ? pesewas(m![2]) : 0 };
    });
    expect(noticed.reduce((s, n) => s + n.netMinor, 0)).toBe(incomeNetMinor + harvestPrincipalMinor);
    expect(noticed.reduce((s, n) => s + n.taxMinor, 0)).toBe(taxMinor);

    // The Details dialog: each payout's gross, tax and net, as the run wrote them.
    const details = await html(ama.page, `/portfolio?dialog=details&id=${eggInvestment}`);
    const rows = [...details.matchAll(/<td[^>]*data-payout-gross[^>]*>([^<]*)<\/td><td[^>]*data-payout-tax[^>]*>([^<]*)<\/td><td[^>]*data-payout-net[^>]*>([^<]*)<\/td>/g)].map((m) => [
      pesewas(m[1]),
      pesewas(m[2]),
      pesewas(m[3]),
    ]);
    const expected = (db.prepare("select amount_minor g, tax_withheld_minor t from payouts where investment_id = ? order by id desc").all(eggInvestment) as Array<{ g: number; t: number }>).map((p) => [
      p.g,
      p.t,
      p.g - p.t,
    ]);
    expect(rows).toEqual(expected);
    expect(rows).toHaveLength(1);
    expect(rows[0][1]).toBeGreaterThan(0);
  });

  it("shows each next payout after tax, with the gross and the tax one tap away", async () => {
    const portfolio = await html(ama.page, "/portfolio");
    const items = [...portfolio.matchAll(/<li[^>]*data-next-payout="\d+"[\s\S]*?<\/li>/g)].map((m) => m[0]);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const net = pesewas(/data-expected-net="true">([^<]*)</.exec(item)?.[1] ?? /data-expected-net="">([^<]*)</.exec(item)?.[1] ?? "NaN");
      const summary = /<summary[^>]*>Before tax: (GH₵[\d,.]+), tax (GH₵[\d,.]+)<\/summary>/.exec(item);
      expect(summary, item).not.toBeNull();
      expect(pesewas(summary![1]) - pesewas(summary![2])).toBe(net);
      expect(htmlText(item)).toContain("after tax");
      expect(htmlText(item)).toContain("Withholding tax of 8% is taken from income");
    }
  });
});
