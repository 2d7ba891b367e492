/**
 * Twi pages carry no English sentence: every page a visitor, an investor and an admin read, in Twi
 * (the `lang=ak` cookie), is searched for the fixed words of every English catalog text (each run of
 * three words or more between its placeholders). Brand and product names, data (farms, people, what
 * an admin wrote) and numbers aside, a match is a page that rendered a text in English. JavaScript
 * off: plain HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ak } from "~/catalog/ak";
import { en, type MessageId } from "~/catalog/en";
import type { Template } from "~/catalog/format";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createInvestor, createPhoneInvestor, createRemittance, signIn, signInAdmin, type SignedIn } from "./support/factories";
import { pageChrome, readableAttributes, textNodes } from "./support/pseudo";
import { startServer, TEST_INVESTOR, type TestServer } from "./support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

const forms = (t: Template) => (typeof t === "string" ? [t] : Object.values(t).filter((f): f is string => typeof f === "string"));
const words = (text: string) => text.match(/[A-Za-z][A-Za-z'’-]*/g) ?? [];

/**
 * The English catalog's fixed runs of three words or more. A run the Twi catalog itself uses (a
 * product's name in a Twi sentence, "Ghana Card PIN") is a name, not an English sentence.
 */
function englishRuns(): Array<{ id: string; run: string }> {
  const twi = Object.values(ak).flatMap(forms).join("\n");
  const runs: Array<{ id: string; run: string }> = [];
  for (const [id, template] of Object.entries(en) as Array<[MessageId, Template]>) {
    for (const form of forms(template)) {
      for (const part of form.split(/\{\w+\}/)) {
        const run = part.trim().replace(/^[^A-Za-z]+|[^A-Za-z.!?]+$/g, "");
        if (words(run).length >= 3 && !twi.includes(run)) runs.push({ id, run });
      }
    }
  }
  return runs;
}

/** Data, not words: farms, people, what admins and farms wrote (pages, logs, notes), which stay as written. */
function data(): string[] {
  const db = server.db();
  const column = (sql: string) => (db.prepare(sql).all() as Array<{ v: string | null }>).map((r) => r.v ?? "").filter((v) => v.trim() !== "");
  const faqs = column("select faqs_json v from pages").flatMap((json) => (JSON.parse(json) as Array<{ question: string; answer: string }>).flatMap((f) => [f.question, f.answer]));
  return [
    ...column("select name v from farms"),
    ...column("select location v from farms"),
    ...column("select full_name v from users"),
    ...column("select title v from pages"),
    ...column("select body_md v from pages"),
    ...faqs,
    ...column("select notes v from farm_logs"),
    ...column("select incident_description v from farm_logs"),
  ].sort((a, b) => b.length - a.length);
}

/** Each English run found in a page's text in Twi, as "page: id: run". */
async function englishIn(client: Client, pages: string[]): Promise<string[]> {
  client.setCookie("lang", "ak");
  const runs = englishRuns();
  const known = data();
  const found: string[] = [];
  for (const page of pages) {
    const res = await client.get(page);
    expect(res.status, page).toBeLessThan(500);
    const html = await res.text();
    expect(html, page).toContain('<html lang="ak"');
    // How It Works' stored guide is markdown an admin wrote (in English in the seed): data, as written.
    const main = (/<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "").replace(/<div class="mt-3 text-sm text-stone-800[^"]*">[\s\S]*?<\/div>/, "");
    let text = [...textNodes(main + pageChrome(html)), ...readableAttributes(main + pageChrome(html))].join("\n");
    for (const d of known) text = text.split(d).join(" ");
    for (const { id, run } of runs) if (text.includes(run)) found.push(`${page}: ${id}: ${run}`);
  }
  return [...new Set(found)];
}

describe("a page in Twi carries no English sentence", () => {
  let investor: SignedIn;
  let admin: SignedIn;
  let batches: { egg: number; chicken: number };

  beforeAll(async () => {
    investor = await signIn(server, TEST_INVESTOR.email);
    admin = await signInAdmin(server);
    const db = server.db();
    const seeded = (type: string) => (db.prepare("select id from batches where product_type = ? order by id limit 1").get(type) as { id: number }).id;
    batches = { egg: seeded("EGG"), chicken: seeded("CHICKEN") };
  });

  it("the public pages, for a visitor", async () => {
    const pages = ["/", "/how-it-works", "/faq", "/invest/eggs", "/invest/chicken", `/batches/${batches.egg}`, `/batches/${batches.chicken}`, "/kyc", "/contact", "/terms", "/risk"];
    const forms = ["/login", "/login/phone", "/register", "/reset-password", `/invest/eggs?amount=1&calc_batch=${batches.egg}#calculator`, "/no-such-page"];
    expect(await englishIn(new Client(server.url), [...pages, ...forms])).toEqual([]);
  });

  it("the investor's pages and dialogs", async () => {
    const held = server.db().prepare("select id from investments where user_id = ? order by id limit 2").all(investor.id) as Array<{ id: number }>;
    const pages = [
      "/portfolio",
      "/portfolio?dialog=deposit",
      "/portfolio?dialog=withdraw",
      ...held.flatMap((h) => [`/portfolio?dialog=details&id=${h.id}`, `/portfolio?dialog=reinvest&id=${h.id}`, `/portfolio/investments/${h.id}/receipt`]),
      "/portfolio/statements",
      "/portfolio/destinations",
      `/invest/eggs?dialog=invest&batch=${batches.egg}`,
      "/account",
      "/account/two-factor",
      "/kyc",
    ];
    expect(await englishIn(investor.page, pages)).toEqual([]);
    // One word each, which the search above does not catch: the two-factor set-up key, in Twi.
    const twoFactor = /<main[\s\S]*?<\/main>/.exec(await (await investor.page.get("/account/two-factor")).text())?.[0] ?? "";
    expect(twoFactor).toContain('data-testid="totp-secret"');
    expect(twoFactor).not.toMatch(/>\s*Key:/);
    expect(twoFactor).toContain(`${String(ak["account.key"]).split("{key}")[0]}<code`);
    // An account made on a phone: the PIN stands in for the password on /account.
    const phoneFirst = await createPhoneInvestor(server);
    expect(await englishIn(phoneFirst.page, ["/account", "/portfolio"])).toEqual([]);
  });

  it("an invest refused with a validation error, in Twi", async () => {
    const open = createBatch(server, { productType: "EGG", status: "OPEN" }).id;
    const fresh = await createInvestor(server, { walletGhs: 10 });
    fresh.page.setCookie("lang", "ak");
    const res = await fresh.page.postForm(`/invest/eggs?dialog=invest&batch=${open}`, { intent: "invest", batch_id: String(open), units: "0", accept_terms: "on" });
    const text = textNodes(/<main[\s\S]*?<\/main>/.exec(await res.text())?.[0] ?? "").join("\n");
    expect(text).toContain(ak["rules.unitsPositive.EGG"]);
    for (const { run } of englishRuns()) expect(text.includes(run), run).toBe(false);
    const api = await call(fresh.api, "POST", "/api/v1/invest/create", { batch_id: open, units: 0 }, { "Accept-Language": "ak" });
    expect(api.status).toBe(422);
    expect(api.body.detail).toBe(ak["rules.unitsPositive.EGG"]);
    for (const { run } of englishRuns()) expect(String(api.body.detail).includes(run), run).toBe(false);
  });

  it("the API's plain deposit and withdrawal answers, in Twi; English stays the default", async () => {
    const fresh = await createInvestor(server, { walletGhs: 10 });
    const deposit = await call(fresh.api, "POST", "/api/v1/invest/deposit?lang=ak", { amount: 1 });
    expect(deposit.status).toBe(200);
    expect(deposit.body).toEqual({ message: ak["paymentStatus.depositSucceeded"], amount: 1, balance: 11 });
    const withdrawal = await call(fresh.api, "POST", "/api/v1/invest/withdraw?lang=ak", { amount: 1 });
    expect(withdrawal.status).toBe(200);
    expect(withdrawal.body).toEqual({ message: ak["paymentStatus.withdrawalSucceeded"], amount: 1, balance: 10 });
    expect((await call(fresh.api, "POST", "/api/v1/invest/deposit", { amount: 1 })).body.message).toBe("Deposit successful");
    expect((await call(fresh.api, "POST", "/api/v1/invest/withdraw", { amount: 1 })).body.message).toBe("Withdrawal processed");
  });

  it("the admin pages", async () => {
    const pages = [
      "/admin",
      "/admin/exits",
      "/admin/kyc",
      "/admin/payments",
      "/admin/payments?list=withdrawals",
      "/admin/payments?list=events",
      "/admin/tax",
      "/admin/outbox",
      "/admin/approvals",
      "/admin/audit",
      `/admin/batches/${batches.egg}/logs`,
      `/admin/batches/${batches.egg}/remittances`,
      `/admin/batches/${batches.egg}/devices`,
      "/admin/content",
      "/admin/messages",
      "/admin/payments/reconciliation",
    ];
    expect(await englishIn(admin.page, pages)).toEqual([]);
    // Single words the search above does not catch: the batches' kinds, on the dashboard and its form.
    admin.page.setCookie("lang", "ak");
    const main = /<main[\s\S]*?<\/main>/.exec(await (await admin.page.get("/admin")).text())?.[0] ?? "";
    expect(main).not.toMatch(/>(EGG|CHICKEN)\b/);
    expect(main).toContain(ak["adminDashboard.type.EGG"]);
    expect(main).toContain(ak["adminDashboard.productType.CHICKEN"]);
    // The outbox names each message's kind and channel in words; the kind's code stays in reach in a title (the API's filter).
    // A registration queues its confirmation email (EMAIL_CONFIRM).
    const registered = await call(new Client(server.url), "POST", "/api/v1/auth/register", { email: "twi-outbox@example.com", password: "goodpassword", full_name: "Ama Outbox" });
    expect(registered.status).toBe(201);
    const outbox = /<main[\s\S]*?<\/main>/.exec(await (await admin.page.get("/admin/outbox")).text())?.[0] ?? "";
    const kinds = [...outbox.matchAll(/title="([A-Z_]+)" data-kind="[A-Z_]+">([^<]*)</g)];
    expect(kinds.length).toBeGreaterThan(0);
    for (const [, kind, words] of kinds) expect(words, kind).toBe(ak[`adminOutbox.kind.${kind}` as MessageId]);
    expect(outbox).not.toMatch(/>\s*(DEPOSIT_CREDITED|WITHDRAWAL_SENT|EMAIL_CONFIRM|PASSWORD_RESET)\s*</);
    expect(outbox).not.toMatch(/· (EMAIL|SMS) ·/);
  });

  it("the remittances form and list name a harvest and a close in Twi; the codes stay the values the form sends", async () => {
    const egg = createBatch(server, { productType: "EGG", status: "ACTIVE" }).id;
    const chicken = createBatch(server, { productType: "CHICKEN", status: "ACTIVE" }).id;
    createRemittance(server, egg, { amountGhs: 5, period: "CLOSE" });
    admin.page.setCookie("lang", "ak");
    const mainOf = async (path: string) => /<main[\s\S]*?<\/main>/.exec(await (await admin.page.get(path)).text())?.[0] ?? "";
    const eggPage = await mainOf(`/admin/batches/${egg}/remittances`);
    const chickenPage = await mainOf(`/admin/batches/${chicken}/remittances`);
    for (const page of [eggPage, chickenPage]) {
      expect(page).not.toMatch(/>\s*(HARVEST|CLOSE)\b/);
      expect(page).not.toMatch(/YYYY-MM anaa CLOSE|ma sika titiriw"/);
    }
    expect(eggPage).toContain(`<option value="CLOSE">${ak["adminRemittances.option.CLOSE"]}</option>`);
    expect(eggPage).toContain(ak["adminRemittances.periodHint.EGG"]);
    expect(eggPage).toMatch(new RegExp(`data-testid="remittance-row"><td[^>]*>${ak["adminRemittances.period.CLOSE"]}</td>`));
    expect(chickenPage).toContain(`<option value="HARVEST" selected="">${ak["adminRemittances.option.HARVEST"]}</option>`);
    expect(chickenPage).toContain(ak["adminRemittances.periodHint.CHICKEN"]);
    // Recorded: the flash names the harvest in Twi too.
    const recorded = await admin.page.postForm(`/admin/batches/${chicken}/remittances`, { period: "HARVEST", amount: "12.50", idempotency_key: `twi-harvest-${chicken}` });
    expect(recorded.status).toBe(302);
    const after = htmlText(await (await admin.page.get(`/admin/batches/${chicken}/remittances`)).text());
    expect(after).toMatch(/Yɛakyerɛw nkokɔ afuo sika GH₵\s?12\.50 ma Otwa bere\./);
    expect(ak["adminRemittances.period.HARVEST"]).toBe("Otwa bere");
  });
});

describe("How It Works in Twi", () => {
  it("as first stored, is the catalog's: its title, guide and questions; an admin's English edit never reaches a Twi reader, their Twi page does", async () => {
    const twi = new Client(server.url);
    twi.setCookie("lang", "ak");
    const mainOf = async (client: Client) => /<main[\s\S]*?<\/main>/.exec(await (await client.get("/how-it-works")).text())?.[0] ?? "";
    const seeded = await mainOf(twi);
    expect(seeded).toContain(`>${ak["meta.howItWorks.title"]}</h1>`);
    expect(seeded).toContain("Akwankyerɛ no tiawa");
    for (const english of ["How It Works", "The guide in detail", "Open an account", "What is a unit?", "When am I paid?", "Can I lose money?"]) expect(seeded).not.toContain(english);
    // In English, the stored page as it stands.
    const english = await mainOf(new Client(server.url));
    expect(english).toContain(">How It Works</h1>");
    expect(english).toContain("The guide in detail");
    expect(english).toContain("What is a unit?");

    const admin = await signInAdmin(server);
    const db = server.db();
    const before = db.prepare("select * from pages where slug = 'how-it-works'").all();
    const page = {
      body_md: "## Step by step\n\nWe count the birds daily.",
      faqs: [{ question: "Who feeds the birds?", answer: "The farm's staff." }],
      example_unit_price: 50,
      example_expected_roi: 0.12,
    };
    try {
      // An admin edits the English page (in English, their own language): a Twi reader still reads Twi.
      expect((await call(admin.api, "PUT", "/api/v1/admin/pages/how-it-works", { ...page, title: "Our farms, step by step" })).status).toBe(200);
      const afterEnglishEdit = await mainOf(twi);
      for (const english of ["Our farms, step by step", "We count the birds daily", "Who feeds the birds?"]) expect(afterEnglishEdit).not.toContain(english);
      expect(afterEnglishEdit).toContain(`>${ak["meta.howItWorks.title"]}</h1>`);
      expect(afterEnglishEdit).toContain("Akwankyerɛ no tiawa");
      expect((await call(twi, "GET", "/api/v1/public/pages/how-it-works")).body).toMatchObject({ title: ak["meta.howItWorks.title"], updated_at: null });
      expect(await mainOf(new Client(server.url))).toContain(">Our farms, step by step</h1>");
      // The editor says the Twi page, never written, may need the same change (not that it is older).
      const editorInTwi = htmlText(await (await admin.page.get("/admin/content?locale=ak")).text()).replace(/<script[\s\S]*?<\/script>/g, "");
      expect(editorInTwi).toContain("the English page has been edited since: this language may need the same change");
      expect(editorInTwi).not.toContain("older than the English page");

      // Once the admin writes the Twi page, a Twi reader reads it, and English readers keep the English.
      const twiPage = { ...page, title: "Yɛn nkokɔ afuo, anammɔn biara", body_md: "## Anammɔn biara\n\nYɛkan nkokɔ no da biara." };
      const saved = await call(admin.api, "PUT", "/api/v1/admin/pages/how-it-works?locale=ak", twiPage);
      expect(saved).toMatchObject({ status: 200, body: { locale: "ak", title: twiPage.title } });
      const twiWritten = await mainOf(twi);
      expect(twiWritten).toContain(">Yɛn nkokɔ afuo, anammɔn biara</h1>");
      expect(twiWritten).toContain("Yɛkan nkokɔ no da biara.");
      expect(twiWritten).not.toContain("Our farms, step by step");
      expect((await call(twi, "GET", "/api/v1/public/pages/how-it-works")).body).toMatchObject({ title: twiPage.title, body_md: twiPage.body_md });
      expect(await mainOf(new Client(server.url))).toContain(">Our farms, step by step</h1>");
      expect((await call(admin.api, "GET", "/api/v1/admin/pages/how-it-works")).body).toMatchObject({ locale: "en", title: "Our farms, step by step" });
      expect((await call(admin.api, "GET", "/api/v1/admin/pages/how-it-works?locale=ak")).body).toMatchObject({ locale: "ak", title: twiPage.title });
    } finally {
      db.prepare("delete from pages where slug = 'how-it-works'").run();
      for (const row of before as Array<Record<string, unknown>>) {
        const columns = Object.keys(row);
        db.prepare(`insert into pages (${columns.join(", ")}) values (${columns.map((c) => `@${c}`).join(", ")})`).run(row);
      }
    }
  });
});
