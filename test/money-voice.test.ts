// Issue 29 point 1: one voice for money. With Ghana's 8% withholding tax, the wallet statement, the
// portfolio and the notices say the same figures: income as it reached the wallet, the tax withheld
// beside it, and each payout's gross, tax and net in its Details dialog. Checked for the demo investor
// (the seed's history) after new runs of their own: an egg month and a broiler harvest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, htmlText, type Client } from "./support/client";
import { createBatch, createInvestor, createRemittance, serverNow, signIn, signInAdmin, type SignedIn } from "./support/factories";
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
/** The visible text of a page: scripts and tags dropped, entities decoded, whitespace collapsed. */
const textOf = (page: string) =>
  htmlText(page)
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
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
  const lines = (await res.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .slice(1);
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
    // An egg batch in lay: 17 units at GHS 15, 1.25% a month (3.1875 -> 3.19, split 1.88 + 1.31 over the two buys; 8% of 3.19, 0.26 tax, split as the income is).
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
        `select p.id, p.investment_id as "investmentId", p.run_id as "runId", p.kind, p.amount_minor gross, p.tax_withheld_minor tax,
           case p.kind when 'HARVEST' then i.units_held * i.unit_price_minor else 0 end principal
         from payouts p join investments i on i.id = p.investment_id where p.user_id = ? and p.kind in ('MONTHLY', 'HARVEST')`,
      )
      .all(ama.id) as Array<{ id: number; investmentId: number; runId: number; kind: string; gross: number; tax: number; principal: number }>;
    const ours = paid.filter((p) => [egg, chicken].includes((db.prepare("select batch_id b from payouts where id = ?").get(p.id) as { b: number }).b));
    expect(ours.filter((p) => p.kind === "MONTHLY").reduce((s, p) => s + p.gross, 0)).toBe(3_19);
    expect(ours.filter((p) => p.kind === "MONTHLY").reduce((s, p) => s + p.tax, 0)).toBe(26);
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
    const expected = (db.prepare("select amount_minor g, tax_withheld_minor t from payouts where investment_id = ? order by id desc").all(eggInvestment) as Array<{ g: number; t: number }>).map(
      (p) => [p.g, p.t, p.g - p.t],
    );
    expect(rows).toEqual(expected);
    expect(rows).toHaveLength(1);
    expect(rows[0][1]).toBeGreaterThan(0);

    // Its download says the same: the gross under SPEC's "Amount", then the tax and the net.
    const csv = (await (await ama.page.get(`/portfolio/payouts/${eggInvestment}.csv`)).text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(csv[0]).toBe("Payout ID,Amount,Kind,Date,Tax withheld (GHS),Net after tax (GHS)");
    expect(
      csv
        .slice(1)
        .map((line) => line.split(","))
        .map((c) => [pesewas(c[1]), pesewas(c[4]), pesewas(c[5])]),
    ).toEqual(expected);
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
      expect(htmlText(item)).toContain("Income is paid after 8% withholding tax");
    }
  });
  it("promises several holdings in one batch, each, what the run then pays it, to the pesewa (eggs and a harvest)", async () => {
    const investor = await createInvestor(server, { walletGhs: 500 });
    const other = await createInvestor(server, { walletGhs: 500 });
    const now = serverNow(server);
    const startDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3, 1)).toISOString().slice(0, 10);
    // Two 1-unit buys at GHS 33.33, 1.23% a month: GHS 0.82 earned on the two, 0.07 tax (one holding
    // alone would be promised 0.38 after 0.03 tax, twice: a pesewa more than the run pays).
    const egg = createBatch(server, { productType: "EGG", unitPrice: 33.33, targetUnits: 100, expectedRoi: 0.0123, startDate }).id;
    // Three 1-unit buys at GHS 17.77, 9.37% a cycle: GHS 5.00 earned on the three, not 3 x 1.67.
    const chicken = createBatch(server, { productType: "CHICKEN", unitPrice: 17.77, targetUnits: 100, expectedRoi: 0.0937 }).id;
    const mine = [await invest(investor.api, egg, 1), await invest(other.api, egg, 3), await invest(investor.api, egg, 1)];
    mine.push(await invest(investor.api, chicken, 1), await invest(investor.api, chicken, 1), await invest(other.api, chicken, 2), await invest(investor.api, chicken, 1));
    for (const b of [egg, chicken]) expect((await call(admin, "POST", `/api/v1/admin/batches/${b}/activate`)).status).toBe(200);

    /** Each next payout the portfolio shows: [net, gross, tax] in pesewas, by investment. */
    const promised = async (who: SignedIn) => {
      const portfolio = await html(who.page, "/portfolio");
      const out = new Map<number, number[]>();
      for (const [item, id] of portfolio.matchAll(/<li[^>]*data-next-payout="(\d+)"[\s\S]*?<\/li>/g)) {
        const net = pesewas(/data-expected-net="(?:true)?">([^<]*)</.exec(item)?.[1] ?? "NaN");
        const summary = /<summary[^>]*>Before tax: (GH₵[\d,.]+), tax (GH₵[\d,.]+)<\/summary>/.exec(item);
        expect(summary, item).not.toBeNull();
        out.set(Number(id), [net, pesewas(summary![1]), pesewas(summary![2])]);
      }
      return out;
    };
    const before = new Map([...(await promised(investor)), ...(await promised(other))]);
    for (const b of [egg, chicken]) createRemittance(server, b);
    await execute(egg);
    await execute(chicken);
    const paid = server
      .db()
      .prepare(`select investment_id as "investmentId", amount_minor gross, tax_withheld_minor tax from payouts where batch_id in (?, ?) and kind in ('MONTHLY', 'HARVEST')`)
      .all(egg, chicken) as Array<{ investmentId: number; gross: number; tax: number }>;
    expect(paid).toHaveLength(mine.length);
    for (const p of paid) expect(before.get(p.investmentId), `investment ${p.investmentId}`).toEqual([p.gross - p.tax, p.gross, p.tax]);
    const eggPaid = paid.filter((p) => p.investmentId === mine[0] || p.investmentId === mine[2]);
    expect(eggPaid.reduce((s, p) => s + p.gross - p.tax, 0)).toBe(75);
  });
});

describe("the invest dialog says what to expect before Invest is pressed (point 2)", () => {
  it("eggs: the cost, income a month after tax, the first payout and the end, the early exit rule, capital at risk", async () => {
    // Started four months ago, nothing paid yet: a buyer's first payout is this month's (earlier months belong to earlier holders).
    const now = serverNow(server);
    const startDate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 4, 1)).toISOString().slice(0, 10);
    const open = createBatch(server, { productType: "EGG", unitPrice: 150, targetUnits: 100, expectedRoi: 0.0125, startDate }).id;
    const text = textOf(await html(ama.page, `/invest/eggs?dialog=invest&batch=${open}`));
    // 10 units at GHS 150: 1,500.00; 1.25% a month is 18.75, 1.50 tax, 17.25 after tax.
    expect(text).toContain("Cost: GH₵1,500.00");
    expect(text).toContain("Expected income: GH₵17.25 a month after withholding tax.");
    expect(text).toContain("Before tax: GH₵18.75, tax GH₵1.50");
    const period = now.toISOString().slice(0, 7);
    expect(text).toMatch(new RegExp(`First payout by ${period}-\\d{2} \\(income for ${period}\\), then monthly; the batch is expected to end around \\d{4}-\\d{2}-01\\.`));
    expect(text).toContain("from one month after the batch starts you may request an early exit");
    expect(text).toContain("less a 3-7% fee");
    expect(text).toContain("Capital is not guaranteed: you could lose some or all of the money you invest.");
  });

  it("chicken: income at harvest after tax with the cost back, the harvest window, locked until harvest", async () => {
    const chicken = createBatch(server, { productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.12 }).id;
    const text = textOf(await html(ama.page, `/invest/chicken?dialog=invest&batch=${chicken}`));
    // 10 units at GHS 50: 500.00; 12% is 60.00 earned, 4.80 tax.
    expect(text).toContain("Expected at harvest: GH₵55.20 earned after withholding tax, with your GH₵500.00 back.");
    expect(text).toContain("Before tax: GH₵60.00, tax GH₵4.80");
    expect(text).toContain("Harvest 6-8 weeks after the batch starts, when it ends and pays out.");
    expect(text).toContain("Chicken Notes are locked until harvest");
    expect(text).toContain("Capital is not guaranteed");
  });
});

describe("withholding tax explained where people decide (point 3), calculators after tax (points 1, 4)", () => {
  const explained = "Income is paid after 8% withholding tax";

  it("Home's estimator and How It Works' calculator show the return after tax and explain the tax", async () => {
    const anon = ama.page;
    const home = textOf(await html(anon, "/?product=EGG&units=10&unit_price=150&roi=0.03"));
    // 45.00 a month, 3.60 tax each month: 540.00 before tax, 43.20 tax, 496.80 after.
    expect(home).toContain("Before tax Principal GH₵1,500.00 Return (12-month illustrative) GH₵540.00 Total GH₵2,040.00");
    expect(home).toContain("After withholding tax Tax withheld (8% of the return) GH₵43.20 Return GH₵496.80 Total GH₵1,996.80");
    expect(home).toContain(explained);
    const how = textOf(await html(anon, "/how-it-works?product=CHICKEN&units=3&unit_price=40&roi=0.18"));
    expect(how).toContain("Tax withheld (8% of the return) GH₵1.73 Return GH₵19.87 Total GH₵139.87");
    expect(how).toContain(explained);
  });

  it("both list pages, the batch page and the FAQ explain it at the configured rate", async () => {
    for (const path of ["/invest/eggs", "/invest/chicken", `/batches/${createBatch(server, { productType: "EGG" }).id}`]) {
      expect(textOf(await html(ama.page, path)), path).toContain(explained);
    }
    const faq = textOf(await html(ama.page, "/faq"));
    expect(faq).toContain("Is tax taken from my payouts?");
    expect(faq).toContain("Ghana's withholding tax of 8% is taken from your income");
  });

  it("the Egg Note calculator and its 12-month table are after tax, computed from its amount and batch", async () => {
    const egg = createBatch(server, { productType: "EGG", unitPrice: 150, targetUnits: 100, expectedRoi: 0.01 }).id;
    const page = await html(ama.page, `/invest/eggs?calc_batch=${egg}&amount=500`);
    const text = textOf(page);
    // 3 units (450.00): 4.50 a month, 0.36 tax, 4.14 after tax; 49.68 a year.
    expect(text).toContain("Est. monthly payout GH₵4.14 after tax Before tax: GH₵4.50, tax GH₵0.36");
    expect(text).toContain("Est. annual payout GH₵49.68 after tax Before tax: GH₵54.00, tax GH₵4.32");
    const rows = [...page.matchAll(/<td class="py-1">Month (\d+)<\/td><td class="py-1 text-right">GH₵\s?([\d,.]+)<\/td><td class="py-1 text-right">GH₵\s?([\d,.]+)</g)].map((m) => [m[2], m[3]]);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(["4.14", "4.14"]);
    expect(rows[11]).toEqual(["4.14", "49.68"]);
    expect(text).toContain(`Computed from the calculator: 3 units of Batch #${egg}, each month's income after 8% withholding tax.`);
  });
});

describe("Home compares like with like and marks sample words (points 5, 6)", () => {
  it("names the chart's unit and labels the testimonials illustrative", async () => {
    const home = await html(ama.page, "/");
    expect(home).toContain("percent a year before tax (eggs: monthly x 12; chicken: per cycle x cycles a year)");
    expect(textOf(home)).toContain("egg ROI is monthly x 12, chicken ROI per cycle x 6.5 cycles a year (one every 56 days)");
    expect(home).toMatch(/data-testid="testimonials-illustrative">Illustrative</);
    expect(textOf(home)).toContain("not quotes from real investors");
  });
});
