/**
 * Issue 18's tax documents through the real server at 8%: the investor's yearly statement (page,
 * CSV, API) and monthly certificate, whose sums equal the ledger's; the payee's Ghana Card PIN once
 * verified; the admin's monthly report for the tax authority, and the payment of the withheld tax
 * out of TAX_WITHHELD (refused above what is due, idempotent, audited).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createInvestor, createRemittance, serverNow, signInAdmin, startInLay, type Investor, type SignedIn } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
let admin: SignedIn;

beforeAll(async () => {
  server = await startServer({ WITHHOLDING_TAX_RATE: "0.08", TAX_PAYER_TIN: "C0001234567" });
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
});

const month = () => serverNow(server).toISOString().slice(0, 7);
const year = () => month().slice(0, 4);
const taxHeld = () => (server.db().prepare("select coalesce(sum(balance_minor), 0) b from accounts where kind = 'TAX_WITHHELD'").get() as { b: number }).b;

let phones = 0;
/** A Registered investor verified through the demo KYC with this Ghana Card number (and a phone number of their own). */
async function verifiedInvestor(cardNumber: string, legalName: string): Promise<Investor> {
  const u = await createInvestor(server, { tier: "REGISTERED", walletGhs: 5_000, fullName: legalName });
  const fd = new FormData();
  const phone = `024 777 ${String(101 + phones++).padStart(4, "0")}`;
  for (const [k, v] of Object.entries({ legal_name: legalName, date_of_birth: "1988-02-14", phone, id_type: "GHANA_CARD", id_number: cardNumber })) fd.append(k, v);
  for (const f of ["id_front", "selfie"]) fd.append(f, new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 9])], { type: "image/jpeg" }), `${f}.jpg`);
  expect((await u.api.request("/api/v1/kyc", { method: "POST", body: fd })).status).toBe(201);
  return u;
}

/** An egg batch with the investor's units, activated (in lay this month), its month remitted and paid. */
async function paidEggMonth(u: Investor, units: number) {
  const batch = createBatch(server, { productType: "EGG", unitPrice: 150, targetUnits: 100, expectedRoi: 0.0125 });
  expect((await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units })).status).toBe(201);
  expect((await call(admin.api, "POST", `/api/v1/admin/batches/${batch.id}/activate`)).status).toBe(200);
  startInLay(server, batch.id);
  createRemittance(server, batch.id);
  const run = await call(admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {});
  expect(run.status).toBe(200);
  return { batchId: batch.id, run: run.body };
}

describe("the investor's statements", () => {
  it("list each month's income, tax and net; the certificate's sums equal the ledger's; the PIN once verified", async () => {
    const u = await verifiedInvestor("GHA-700000001-3", "Abena Mensah");
    const egg = await paidEggMonth(u, 10); // 1,500.00 x 1.25% = 18.75 income, 1.50 tax
    // A harvest: 500.00 principal untaxed, 61.50 return taxed 4.92.
    const chicken = createBatch(server, { productType: "CHICKEN", unitPrice: 50, targetUnits: 100, expectedRoi: 0.123 });
    await call(u.api, "POST", "/api/v1/invest/create", { batch_id: chicken.id, units: 10 });
    await call(admin.api, "POST", `/api/v1/admin/batches/${chicken.id}/activate`);
    createRemittance(server, chicken.id, { amountGhs: 561.5 });
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${chicken.id}/execute`, {})).status).toBe(200);

    const api = await call(u.api, "GET", `/api/v1/invest/statements?year=${year()}`);
    expect(api.status).toBe(200);
    expect(api.body).toMatchObject({
      year: year(),
      payer: { name: "Akoko", tin: "C0001234567" },
      payee: { name: "Abena Mensah", ghana_card_pin: "GHA-700000001-3", verified: true },
      months: [{ month: month(), gross: 80.25, tax_withheld: 6.42, net: 73.83 }],
      totals: { gross: 80.25, tax_withheld: 6.42, net: 73.83 },
    });

    // The ledger: what reached TAX_WITHHELD and the wallet from this investor's payout entries.
    const ledger = server
      .db()
      .prepare(
        `select sum(case when a.kind = 'TAX_WITHHELD' then p.amount_minor else 0 end) tax, sum(case when a.kind = 'WALLET' then p.amount_minor else 0 end) wallet
         from postings p join accounts a on a.id = p.account_id
         where p.entry_id in (select distinct entry_id from payouts where user_id = ?)`,
      )
      .get(u.id) as { tax: number; wallet: number };
    expect(ledger.tax).toBe(642);
    // The wallet got the net income plus the untaxed harvest principal.
    expect(ledger.wallet).toBe(7_383 + 50_000);

    const certificate = htmlText(await (await u.page.get(`/portfolio/statements/${month()}`)).text());
    expect(certificate).toContain("Withholding tax certificate");
    expect(certificate).toContain("Akoko (TIN C0001234567)");
    expect(certificate).toContain("GHA-700000001-3");
    expect(certificate).toContain(`Batch #${egg.batchId} · Egg income ${month()}`);
    expect(certificate).toContain(`Batch #${chicken.id} · Harvest return`);
    const totals = /data-testid="certificate-totals"[\s\S]*?<\/tr>/.exec(certificate)?.[0] ?? "";
    expect(totals).toContain("GH₵80.25");
    expect(totals).toContain("GH₵6.42");
    expect(totals).toContain("GH₵73.83");
    // The certificate never shows principal: 500.00 is nowhere in its lines.
    expect(certificate).not.toContain("GH₵561.50");

    const page = htmlText(await (await u.page.get("/portfolio/statements")).text());
    expect(page).toContain(`Tax statement ${year()}`);
    expect(page).toMatch(new RegExp(`data-month="${month()}"`));
    const csv = await u.page.request(`/portfolio/statements.csv?year=${year()}`);
    expect(csv.headers.get("Content-Type")).toMatch(/text\/csv/);
    const text = await csv.text();
    expect(text).toContain("Month,Payer,Payer TIN,Payee,Ghana Card PIN,Gross (GHS),Tax withheld (GHS),Net (GHS)");
    expect(text).toContain(`${month()},Akoko,C0001234567,Abena Mensah,GHA-700000001-3,80.25,6.42,73.83`);
    expect(text).toContain("Total,,,,,80.25,6.42,73.83");
  });

  it("an unverified investor's statement names no PIN; bad months and years are refused; logged out goes to login", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED", walletGhs: 5_000, fullName: "Kojo Owusu" });
    await paidEggMonth(u, 2);
    expect((await call(u.api, "GET", "/api/v1/invest/statements")).body.payee).toEqual({ name: "Kojo Owusu", ghana_card_pin: null, verified: false });
    expect((await call(u.api, "GET", "/api/v1/invest/statements?year=20x6")).status).toBe(422);
    expect((await u.page.get("/portfolio/statements/2026-13")).status).toBe(404);
    expect(htmlText(await (await u.page.get(`/portfolio/statements/${month()}`)).text())).toContain("identity not verified yet");
    expect((await new Client(server.url).request("/portfolio/statements")).status).toBe(302);
    expect((await call(new Client(server.url), "GET", "/api/v1/invest/statements")).status).toBe(401);
  });
});

describe("the tax of several holdings", () => {
  it("is what one holding of the same units pays: taken once on the investor's income, then split", async () => {
    const u = await createInvestor(server, { walletGhs: 5_000, fullName: "Kofi Walker" });
    const batch = createBatch(server, { productType: "CHICKEN", unitPrice: 10, targetUnits: 200, expectedRoi: 0.09 });
    for (const units of [4, 4, 4, 4, 8, 8, 12, 48]) expect((await call(u.api, "POST", "/api/v1/invest/create", { batch_id: batch.id, units })).status).toBe(201);
    expect((await call(admin.api, "POST", `/api/v1/admin/batches/${batch.id}/activate`)).status).toBe(200);
    createRemittance(server, batch.id);
    expect((await call(admin.api, "POST", `/api/v1/admin/payouts/${batch.id}/execute`, {})).status).toBe(200);
    // 920.00 at 9%: 82.80 earned; 8% of it is 6.624, withheld 6.62 (each holding rounded on its own: 6.64).
    const paid = server.db().prepare("select sum(amount_minor) a, sum(tax_withheld_minor) t from payouts where user_id = ? and kind = 'HARVEST'").get(u.id);
    expect(paid).toEqual({ a: 100_280, t: 662 });
  });
});

describe("the admin's report and the tax paid over", () => {
  it("reports each payee with their PIN, gross and tax, and records a payment out of the tax account, never more than is due", async () => {
    const u = await verifiedInvestor("GHA-700000002-4", "Efua Boateng");
    await paidEggMonth(u, 20); // 3,000.00 x 1.25% = 37.50 income, 3.00 tax
    const report = await call(admin.api, "GET", `/api/v1/admin/tax?month=${month()}`);
    expect(report.status).toBe(200);
    expect(report.body.payees.find((p: { user_id: number }) => p.user_id === u.id)).toEqual({
      user_id: u.id,
      name: "Efua Boateng",
      ghana_card_pin: "GHA-700000002-4",
      verified: true,
      gross: 37.5,
      tax_withheld: 3,
      net: 34.5,
    });
    const due = report.body.still_to_pay as number;
    expect(due).toBeCloseTo(report.body.totals.tax_withheld, 2);
    expect((await call(u.api, "GET", "/api/v1/admin/tax")).status).toBe(403);
    expect((await call(admin.api, "GET", "/api/v1/admin/tax?month=2026-1")).status).toBe(422);

    // Until the month's tax is paid over in full, the investor's certificate says it is owed, not paid.
    // The page as read: the words shipped for the browser (its scripts) hold every note.
    const certificate = async () => htmlText(await (await u.page.get(`/portfolio/statements/${month()}`)).text()).replace(/<script[\s\S]*?<\/script>/g, "");
    const owed = await certificate();
    expect(owed).toContain("Akoko holds the tax withheld for the Ghana Revenue Authority and pays it to them on your behalf; its payment for this month is not recorded yet.");
    expect(owed).not.toContain("was paid to the Ghana Revenue Authority");

    const held = taxHeld();
    const tooMuch = await call(admin.api, "POST", "/api/v1/admin/tax/payments", { period: month(), amount: (due + 0.01).toFixed(2), reference: "GRA-RCPT-1" });
    expect(tooMuch.status).toBe(409);
    expect(taxHeld()).toBe(held);
    // The month by its name in the reader's language.
    const twiMonths = ["Ɔpɛpɔn", "Ɔgyefuo", "Ɔbɛnem", "Oforisuo", "Kɔtɔnimma", "Ayɛwohomumu", "Kitawonsa", "Ɔsanaa", "Ɛbɔ", "Ahinime", "Obubuo", "Ɔpɛnimma"];
    const twi = await call(admin.api, "POST", "/api/v1/admin/tax/payments?lang=ak", { period: month(), amount: (due + 0.01).toFixed(2), reference: "GRA-RCPT-1" });
    expect(twi.status).toBe(409);
    expect(twi.body.detail).toContain(`${twiMonths[Number(month().slice(5, 7)) - 1]} ${month().slice(0, 4)}`);
    expect((await call(admin.api, "POST", "/api/v1/admin/tax/payments", { period: month(), amount: "3", reference: "" })).status).toBe(422);

    const headers = { "Idempotency-Key": `tax-${month()}-1` };
    const paid = await call(admin.api, "POST", "/api/v1/admin/tax/payments", { period: month(), amount: "3.00", reference: "GRA-RCPT-1" }, headers);
    expect(paid).toMatchObject({ status: 201, body: { period: month(), amount: 3, reference: "GRA-RCPT-1" } });
    const again = await call(admin.api, "POST", "/api/v1/admin/tax/payments", { period: month(), amount: "3.00", reference: "GRA-RCPT-1" }, headers);
    expect(again).toEqual(paid);
    expect(taxHeld()).toBe(held - 300);
    const after = await call(admin.api, "GET", `/api/v1/admin/tax?month=${month()}`);
    expect(after.body.still_to_pay).toBeCloseTo(due - 3, 2);
    expect(after.body.paid).toEqual([expect.objectContaining({ amount: 3, reference: "GRA-RCPT-1" })]);
    expect(server.db().prepare("select action from audit_log where action = 'tax.payment'").all()).toHaveLength(1);
    expect((await call(admin.api, "GET", "/api/v1/admin/invariants")).body).toEqual({ ok: true, problems: [] });

    // The page (no JavaScript) and the CSV for the authority.
    const html = htmlText(await (await admin.page.get(`/admin/tax?month=${month()}`)).text());
    expect(html).toContain("Efua Boateng");
    expect(html).toContain("GHA-700000002-4");
    expect(html).toContain("(GRA-RCPT-1)");
    const csv = await (await admin.page.request(`/admin/tax.csv?month=${month()}`)).text();
    expect(csv).toContain(`${month()},Akoko,C0001234567,Efua Boateng,GHA-700000002-4,37.50,3.00`);
    const form = await admin.page.postForm("/admin/tax", { period: month(), amount: "0.01", reference: "GRA-RCPT-2" });
    expect(form.status).toBe(302);
    expect(taxHeld()).toBe(held - 301);
    // Part of the month's tax paid over: the certificate says so, not that nothing is recorded.
    const part = await certificate();
    expect(part).toContain("part of this month's payment is recorded so far.");
    expect(part).not.toContain("not recorded yet");
    // The rest of the month's tax paid over: now the certificate says it was paid.
    const rest = (await call(admin.api, "GET", `/api/v1/admin/tax?month=${month()}`)).body.still_to_pay as number;
    expect((await call(admin.api, "POST", "/api/v1/admin/tax/payments", { period: month(), amount: rest.toFixed(2), reference: "GRA-RCPT-3" })).status).toBe(201);
    const paidOver = await certificate();
    expect(paidOver).toContain("The tax withheld was paid to the Ghana Revenue Authority on your behalf. Keep this certificate for your records");
    expect(paidOver).not.toContain("not recorded yet");
  });
});

describe("the tax payment form refuses what it should", () => {
  const payments = () => (server.db().prepare("select count(*) n from tax_payments").get() as { n: number }).n;
  const formKey = (html: string) => /name="idempotency_key" value="([^"]+)"/.exec(html)?.[1];

  it("carries an idempotency key: the same form posted twice records one payment", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED", walletGhs: 5_000, fullName: "Yaw Darko" });
    await paidEggMonth(u, 20);
    const html = await (await admin.page.get(`/admin/tax?month=${month()}`)).text();
    const key = formKey(html);
    expect(key).toBeTruthy();
    const [held, before] = [taxHeld(), payments()];
    const fields = { period: month(), amount: "0.05", reference: "GRA-REPLAY-1", idempotency_key: key! };
    expect((await admin.page.postForm("/admin/tax", fields)).status).toBe(302);
    expect((await admin.page.postForm("/admin/tax", fields)).status).toBe(302);
    expect(payments()).toBe(before + 1);
    expect(taxHeld()).toBe(held - 5);
    // Another key with the same month and reference is a second payment under a used reference: refused.
    const again = await admin.page.postForm("/admin/tax", { ...fields, idempotency_key: "another-key" });
    expect(again.status).toBe(409);
    expect(htmlText(await again.text())).toContain(`A payment with the reference GRA-REPLAY-1 is already recorded for this month.`);
    const api = await call(admin.api, "POST", "/api/v1/admin/tax/payments", { period: month(), amount: "0.05", reference: "gra-replay-1" });
    expect(api).toEqual({ status: 409, body: { detail: "A payment with the reference GRA-REPLAY-1 is already recorded for this month." } });
    expect(payments()).toBe(before + 1);
    expect(taxHeld()).toBe(held - 5);
  });

  it("a month not like 2026-10 shows the page, with the admin menu and the message beside the month", async () => {
    for (const asked of ["11/2026", "Nov 2026", "2026-11-01"]) {
      const res = await admin.page.get(`/admin/tax?month=${encodeURIComponent(asked)}`);
      // The page as read: the words shipped for the browser (its scripts) hold every message.
      const html = htmlText(await res.text()).replace(/<script[\s\S]*?<\/script>/g, "");
      expect(res.status, asked).toBe(200);
      expect(html).toContain("Choose a month like 2026-10.");
      expect(html).toContain('href="/admin/payments"');
      expect(html).toMatch(/name="month"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="month"/);
      expect(html).not.toContain("Failed to load admin data.");
    }
    // A Twi reader's browser (a `?lang=ak` link would keep Twi on this client for the tests after).
    const twi = htmlText(await (await admin.page.get("/admin/tax?month=11/2026", { headers: { "Accept-Language": "ak" } })).text());
    expect(twi).toContain("Yi bosome te sɛ 2026-10.");
  });

  it("names the real problem: a reference too short or too long, an amount too large", async () => {
    const post = (fields: Record<string, string>) => call(admin.api, "POST", "/api/v1/admin/tax/payments", { period: month(), amount: "1", reference: "GRA-1", ...fields });
    const length = "The reference must be 3 to 80 characters long.";
    expect(await post({ reference: "1" })).toEqual({ status: 422, body: { detail: length } });
    expect(await post({ reference: "R".repeat(100) })).toEqual({ status: 422, body: { detail: length } });
    expect(await post({ reference: "" })).toEqual({ status: 422, body: { detail: "Enter the tax authority's receipt or payment reference." } });
    expect(await post({ amount: "1000001" })).toEqual({ status: 422, body: { detail: "The amount paid is too large: at most GH₵1,000,000.00." } });
    const form = htmlText(await (await admin.page.postForm("/admin/tax", { period: month(), amount: "1", reference: "1" })).text());
    expect(form).toContain(length);
  });
});
