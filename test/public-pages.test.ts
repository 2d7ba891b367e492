import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, htmlText } from "./support/client";
import { BROWSER_BUILD, browserChunks } from "./support/bundles";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** A page as a browser without JavaScript gets it: `raw` as sent, `html` with React's entities decoded. */
async function page(pathname: string, base = server.url) {
  const res = await fetch(`${base}${pathname}`);
  const raw = await res.text();
  return { status: res.status, raw, html: htmlText(raw) };
}
/** The visible text of some HTML: tags dropped, whitespace collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ");
const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1];

describe("every public page answers 200 without JavaScript, with a title and a description", () => {
  it.each([
    ["/", "Invest in poultry farms in Ghana | Akoko"],
    ["/how-it-works", "How It Works | Akoko"],
    ["/faq", "FAQ | Akoko"],
    ["/risk", "Risk Disclosure | Akoko"],
    ["/terms", "Terms & Privacy | Akoko"],
    ["/contact", "Contact | Akoko"],
  ])("%s", async (pathname, title) => {
    const { status, html } = await page(pathname);
    expect(status).toBe(200);
    expect(titleOf(html)).toBe(title);
    expect(descriptionOf(html)?.length).toBeGreaterThan(40);
  });
});

describe("Home", () => {
  it("has every section Home lists, with the stat cards from the database", async () => {
    const { html } = await page("/");
    const text = textOf(html);
    const db = server.db();
    const count = (type: string) => (db.prepare("select count(*) n from batches where product_type=?").get(type) as { n: number }).n;
    expect(text).toContain(`${count("CHICKEN")} Chicken batches`);
    expect(text).toContain(`${count("EGG")} Egg batches`);
    expect(text).toContain("24/7 Live tracking");
    for (const label of [
      "Get started",
      "Create account",
      "Create account & invest",
      "Go to Dashboard",
      "How you profit",
      "Vetted farms",
      "Transparent reporting",
      "Secure payouts",
      "Egg Note",
      "Chicken Note",
      "Live batches",
      "View all products",
      "Quick estimator",
      "What investors say",
    ]) {
      expect(text, label).toContain(label);
    }
    expect(html).toMatch(/<a[^>]*href="\/register"[^>]*>Get started<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/register"[^>]*>Create account<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/register"[^>]*>Create account &amp; invest<\/a>|<a[^>]*href="\/register"[^>]*>Create account & invest<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/how-it-works"[^>]*>How it works<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/portfolio"[^>]*>Go to Dashboard<\/a>/);
    expect(mainOf(html)).toContain('href="/invest/eggs"');
    expect(mainOf(html)).toContain('href="/invest/chicken"');
    // FAQ preview: three questions that open without JavaScript, and a link to /faq.
    expect((mainOf(html).match(/<details/g) ?? []).length).toBe(3);
    expect(mainOf(html)).toMatch(/<a[^>]*href="\/faq"/);
    // Three testimonials.
    expect((mainOf(html).match(/<blockquote/g) ?? []).length).toBe(3);
  });

  it("lists at most 6 live batches from the database, linked to their product pages, with price to 2 decimals and ROI to 1 decimal", async () => {
    const { html } = await page("/");
    const cards = [...html.matchAll(/<a([^>]*data-batch="(\d+)"[^>]*)>([\s\S]*?)<\/a>/g)].map(([, attrs, id, body]) => [/href="([^"]*)"/.exec(attrs)?.[1], id, body] as const);
    const live = server.db().prepare("select id, product_type, unit_price_minor, expected_roi from batches where status in ('OPEN','ACTIVE')").all() as Array<{
      id: number;
      product_type: string;
      unit_price_minor: number;
      expected_roi: number;
    }>;
    expect(cards.length).toBe(Math.min(6, live.length));
    expect(cards.length).toBeGreaterThan(0);
    for (const [href, id, body] of cards) {
      const batch = live.find((b) => b.id === Number(id))!;
      expect(batch, `batch ${id}`).toBeDefined();
      expect(href).toBe(batch.product_type === "EGG" ? "/invest/eggs" : "/invest/chicken");
      expect(textOf(body)).toContain(`GH₵${(batch.unit_price_minor / 100).toFixed(2)}`);
      expect(textOf(body)).toContain(`${(batch.expected_roi * 100).toFixed(1)}% ${batch.product_type === "EGG" ? "monthly" : "per cycle"}`);
    }
    expect(html).not.toContain('data-testid="sample-products"');
    expect(html).not.toContain("No active batches available right now — check back soon.");
  });

  it("draws its charts on the server as SVG (product sparklines and the up-to-8-batches chart)", async () => {
    const { html } = await page("/");
    const svgs = mainOf(html).match(/<svg[^>]*role="img"[^>]*>/g) ?? [];
    expect(svgs.length).toBe(3);
    // Issue 29 point 5: one unit for both products, named in the chart's label.
    expect(html).toContain("<title>Expected ROI by batch, in percent a year before tax (eggs: monthly x 12; chicken: per cycle x cycles a year)</title>");
    const ids = (server.db().prepare("select id from batches order by id limit 8").all() as Array<{ id: number }>).map((r) => r.id);
    for (const id of ids) expect(html).toContain(`>#${id}</text>`);
  });

  it("computes the quick estimator on the server from a GET form", async () => {
    const { html } = await page("/?product=EGG&units=10&unit_price=150&roi=0.03");
    const text = textOf(html);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/#estimator"/);
    expect(text).toContain("Principal GH₵1,500.00");
    expect(text).toContain("Return (12-month illustrative) GH₵540.00");
    expect(text).toContain("Total GH₵2,040.00");
    const chicken = textOf((await page("/?product=CHICKEN&units=3&unit_price=40&roi=0.18")).html);
    expect(chicken).toContain("Principal GH₵120.00");
    expect(chicken).toContain("Return (per cycle) GH₵21.60");
    expect(chicken).toContain("Total GH₵141.60");
  });

  it("shows the limits: min 1 units and unit price, ROI min 0 step 0.01; empty counts as 0", async () => {
    const { html } = await page("/");
    expect(html).toMatch(/<input[^>]*name="units"[^>]*min="1"/);
    expect(html).toMatch(/<input[^>]*name="unit_price"[^>]*min="1"/);
    expect(html).toMatch(/<input[^>]*name="roi"[^>]*min="0"[^>]*step="0.01"/);
    const bad = textOf((await page("/?units=0&unit_price=abc&roi=-1")).html);
    expect(bad).toContain("Units must be at least 1.");
    expect(bad).toContain("Enter a number.");
    expect(bad).toContain("Expected ROI cannot be negative.");
    const empty = textOf((await page("/?units=&unit_price=50&roi=0.1")).html);
    expect(empty).toContain("Total GH₵0.00");
  });

  it("defaults to CHICKEN, 10 units and the stored example unit price and ROI (else the live batch's)", async () => {
    const db = server.db();
    const before = db.prepare("select example_unit_price_minor p, example_expected_roi r from pages where slug='how-it-works'").get() as { p: number; r: number };
    db.prepare("update pages set example_unit_price_minor=7500, example_expected_roi=0.15 where slug='how-it-works'").run();
    try {
      for (const pathname of ["/", "/how-it-works"]) {
        const { html } = await page(pathname);
        expect(html).toMatch(/<option value="CHICKEN" selected="">/);
        expect(html).toMatch(/<input[^>]*name="units"[^>]*value="10"/);
        expect(html).toMatch(/<input[^>]*name="unit_price"[^>]*value="75"/);
        expect(html).toMatch(/<input[^>]*name="roi"[^>]*value="0.15"/);
        expect(textOf(html)).toContain("Total GH₵862.50");
      }
      db.prepare("update pages set example_unit_price_minor=null, example_expected_roi=null where slug='how-it-works'").run();
      // Without a stored example: the cheapest chicken batch on sale (issue 14), as Home's "From" quotes it.
      const cheapest = db
        .prepare("select unit_price_minor p, expected_roi r from batches where product_type='CHICKEN' and status='OPEN' and units_placed < target_units order by unit_price_minor, id limit 1")
        .get() as { p: number; r: number };
      const { html } = await page("/");
      expect(html).toMatch(new RegExp(`<input[^>]*name="unit_price"[^>]*value="${cheapest.p / 100}"`));
      expect(html).toMatch(new RegExp(`<input[^>]*name="roi"[^>]*value="${cheapest.r}"`));
    } finally {
      db.prepare("update pages set example_unit_price_minor=?, example_expected_roi=? where slug='how-it-works'").run(before.p, before.r);
    }
  });
});

describe("Home with no batches, or when loading them fails", () => {
  let empty: TestServer;
  beforeAll(async () => {
    empty = await startServer({ SEED_DEMO_DATA: "false" });
  });
  afterAll(async () => {
    await empty?.stop();
  });

  it("shows the empty message, the four sample products clearly marked and not investable, and the sample chart", async () => {
    const { html } = await page("/", empty.url);
    const main = mainOf(html);
    const text = textOf(main);
    expect(text).toContain("No active batches available right now — check back soon.");
    expect(text).toContain("cannot be invested in");
    const samples = main.slice(main.indexOf('data-testid="sample-products"'));
    expect((samples.match(/data-sample="true"/g) ?? []).length).toBe(4);
    const sampleText = textOf(samples);
    for (const figure of [
      "GH₵40.00",
      "GH₵36.00",
      "GH₵120.00",
      "GH₵100.00",
      "18.0% per cycle",
      "14.0% per cycle",
      "1.0% monthly",
      "0.9% monthly",
      "1,580 units",
      "400 units",
      "3,250 units",
      "100 units",
    ]) {
      expect(sampleText, figure).toContain(figure);
    }
    // The sample cards link nowhere: no invest link inside the samples block.
    expect(samples.slice(0, samples.indexOf("</ul>"))).not.toContain("<a ");
    expect(html).toContain("<title>Sample ROI series (illustrative)</title>");
    for (const label of ["S1", "S8"]) expect(html).toContain(`>${label}</text>`);
    expect(text).toContain("0 Chicken batches");
  });

  it("falls back to samples and shows 'Could not load platform stats' in a red toast when the queries fail", async () => {
    const db = empty.db();
    db.exec("alter table batches rename to batches_hidden");
    try {
      const { status, html } = await page("/", empty.url);
      expect(status).toBe(200);
      expect(html).toMatch(/<div role="alert"[^>]*data-toast="error"[^>]*>Could not load platform stats<\/div>/);
      expect(html).toContain('data-testid="sample-products"');
    } finally {
      db.exec("alter table batches_hidden rename to batches");
    }
  });
});

describe("How It Works", () => {
  it("has the hero buttons, counters, comparison, seven steps, batch card, security card, guide and sidebar", async () => {
    const { html } = await page("/how-it-works");
    const text = textOf(html);
    expect(html).toMatch(/<a[^>]*href="\/register"[^>]*>Create account<\/a>/);
    expect(html).toMatch(/<a[^>]*href="#calculator"[^>]*>Estimate returns<\/a>/);
    expect(html).toMatch(/id="calculator"/);
    expect(text).toMatch(/\d+ Broiler batches/);
    expect(text).toMatch(/\d+ Layer batches/);
    expect(text).toContain("24/7 live tracking");
    expect(text).toContain("Egg Note or Chicken Note?");
    const steps = html.slice(html.indexOf('id="steps-heading"'));
    expect((steps.slice(0, steps.indexOf("</ol>")).match(/<li/g) ?? []).length).toBe(7);
    for (const label of ["Sign up and verify", "Fund your wallet", "Select a batch", "Invest", "Track progress", "Receive payouts", "Withdraw or reinvest"]) expect(text).toContain(label);
    for (const label of ["What each batch shows", "Unit price in GHS", "Expected ROI", "FCR", "lay rate", "Mortality and incident logs", "Security and risk", "Detailed guide", "Returns calculator"]) {
      expect(text, label).toContain(label);
    }
    expect(html).toContain("<h2>The guide in detail</h2>");
    // FAQ accordion from the stored content, and the help card.
    expect(text).toContain("What is a unit?");
    expect(mainOf(html)).toMatch(/<details/);
    expect(mainOf(html)).toMatch(/<a[^>]*href="\/contact"/);
    expect(mainOf(html)).toMatch(/<a[^>]*href="\/faq"/);
  });

  it("computes the calculator on the server; eggs are labelled '12-month illustrative'", async () => {
    const { html } = await page("/how-it-works?product=EGG&units=2&unit_price=100&roi=0.011");
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/how-it-works#calculator"/);
    expect(textOf(html)).toContain("Principal GH₵200.00 Return (12-month illustrative) GH₵26.40 Total GH₵226.40");
  });

  it("takes its title from the stored content and sanitizes the stored markdown", async () => {
    const db = server.db();
    const before = db.prepare("select title, body_md from pages where slug='how-it-works'").get() as { title: string; body_md: string };
    db.prepare("update pages set title=?, body_md=? where slug='how-it-works'").run(
      "How Akoko Works",
      '## Safe heading\n\n<script>alert("x")</script>\n\n<img src=x onerror="alert(1)">\n\n[bad](javascript:alert(1)) and [good](/risk)\n\n<a href="javascript:alert(2)" onclick="alert(3)">raw</a>',
    );
    try {
      const { html, raw } = await page("/how-it-works");
      expect(titleOf(html)).toBe("How Akoko Works | Akoko");
      const main = mainOf(raw);
      expect(main).toContain("<h2>Safe heading</h2>");
      expect(main).not.toMatch(/<script/i);
      expect(main).not.toMatch(/<img/i);
      expect(main).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i);
      expect(main).not.toMatch(/href="javascript:/i);
      expect(main).toContain('<a href="/risk">good</a>');
      // The loader data sent for hydration holds the same sanitized HTML, never the raw source.
      expect(raw).not.toContain('<script>alert("x")</script>');
      // It is shown as text instead.
      expect(textOf(main)).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");

      db.prepare("update pages set title='', body_md='' where slug='how-it-works'").run();
      const fallback = await page("/how-it-works");
      expect(titleOf(fallback.html)).toBe("How It Works | Akoko");
      expect(fallback.html).toContain("<h2>The guide in short</h2>");
    } finally {
      db.prepare("update pages set title=?, body_md=? where slug='how-it-works'").run(before.title, before.body_md);
    }
  });
});

describe("FAQ", () => {
  // Issue 29 point 3 adds a 19th entry: withholding tax, a question of its own.
  it("shows 19 collapsible entries in the five categories, the search box and the help block", async () => {
    const { html } = await page("/faq");
    const main = mainOf(html);
    expect((main.match(/<details/g) ?? []).length).toBe(19);
    for (const c of ["Account & Onboarding", "Investing", "Payouts & Returns", "Security & Risk", "Platform & Support"]) expect(main).toContain(`>${c}</h2>`);
    expect(html).toMatch(/<form[^>]*method="get"[^>]*action="\/faq"/);
    expect(html).toContain('placeholder="Search (e.g. payout, ROI, chicken)..."');
    expect(textOf(main)).toContain("Still need help?");
    expect(main).toMatch(/<a[^>]*href="\/contact"/);
  });

  it("searches on the server: case-insensitive substring of question and answer; blank shows all", async () => {
    const payout = mainOf((await page("/faq?q=PAYOUT")).html);
    const n = (payout.match(/<details/g) ?? []).length;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(18);
    for (const item of payout.match(/<details[\s\S]*?<\/details>/g) ?? []) expect(textOf(item).toLowerCase()).toContain("payout");
    expect(payout).toContain('value="PAYOUT"');
    // "Telecel" appears only in an answer.
    expect((mainOf((await page("/faq?q=telecel")).html).match(/<details/g) ?? []).length).toBe(1);
    expect((mainOf((await page("/faq?q=%20%20")).html).match(/<details/g) ?? []).length).toBe(19);
  });

  it("says so when nothing matches, with a link to /contact", async () => {
    const main = mainOf((await page("/faq?q=zebra-crossing")).html);
    expect(main).not.toContain("<details");
    expect(textOf(main)).toContain("No FAQs match your search. Try different keywords or contact support");
    expect(main).toMatch(/Try different keywords or <a[^>]*href="\/contact"[^>]*>contact support<\/a>/);
  });
});

describe("Risk and Terms", () => {
  it("Risk has the seven headings, the mitigation list and feed at 60-70% of cost", async () => {
    const { html } = await page("/risk");
    const headings = [...mainOf(html).matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual([
      "Market price volatility",
      "Feed and input costs",
      "Biological and disease risk",
      "Operational and management risk",
      "Insurance and reserve limits",
      "Liquidity and early exit",
      "Regulatory and force majeure",
      "How we reduce these risks",
    ]);
    const text = textOf(html);
    expect(text).toContain("Feed is 60-70% of the cost of producing");
    expect(text).toContain("Capital is not guaranteed.");
  });

  it("Terms has the six sections, the update date, minimum age 18 and the early-exit terms", async () => {
    const { html } = await page("/terms");
    const headings = [...mainOf(html).matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(["User agreement", "Privacy", "Investment terms", "Security and compliance", "Account usage and termination", "Contact"]);
    const text = textOf(html);
    expect(text).toContain("Last updated 3 September 2025");
    expect(text).toContain("at least 18 years old");
    expect(text).toContain("Egg Notes allow early exit after the first month");
    expect(text).toContain("Chicken Notes lock until harvest");
    expect(text).toContain("3-7% administrative fee");
    expect(text).toContain("subject to buyer availability");
  });
});

describe("Contact", () => {
  it("checks the form on the server, shows errors beside the fields and keeps what was typed", async () => {
    const client = new Client(server.url);
    const res = await client.postForm("/contact", { name: "", email: "not-an-email", subject: "", message: "Hi <b>!" });
    expect(res.status).toBe(400);
    const html = htmlText(await res.text());
    for (const message of ["Enter your name.", "Enter a valid email address.", "Enter a subject.", "Write at least 10 characters so we can help."]) expect(html).toContain(message);
    expect(html).toContain('value="not-an-email"');
    expect(html).toContain(">Hi <b>!</textarea>");
  });

  it("stores a valid message and confirms it after a redirect", async () => {
    const client = new Client(server.url);
    const subject = `Payout question ${Date.now()}`;
    const res = await client.postForm("/contact", { name: "Yaa Asantewaa", email: "Yaa@Example.com", subject, message: "When does the next egg payout arrive?" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/contact?sent=1");
    const row = server.db().prepare("select name, email, message, user_id from contact_messages where subject=?").get(subject);
    expect(row).toEqual({ name: "Yaa Asantewaa", email: "yaa@example.com", message: "When does the next egg payout arrive?", user_id: null });
    const { html } = await client.follow("/contact?sent=1");
    const text = textOf(htmlText(html));
    expect(text).toContain("Thank you — your message has been sent. Support replies within 24 hours.");
  });
});

describe("Contact rate limit", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startServer({ CONTACT_MESSAGES_PER_ADDRESS: "2" });
  });
  afterAll(async () => {
    await limited?.stop();
  });

  it("answers 429 after too many messages from one address, storing nothing more", async () => {
    const client = new Client(limited.url);
    const form = { name: "Kofi", email: "kofi@example.com", subject: "Hello", message: "A question about Chicken Notes." };
    expect((await client.postForm("/contact", form)).status).toBe(302);
    expect((await client.postForm("/contact", { ...form, email: "bad" })).status).toBe(400);
    const res = await client.postForm("/contact", form);
    expect(res.status).toBe(429);
    expect(htmlText(await res.text())).toContain("Too many messages from your connection. Please try again later.");
    expect(limited.db().prepare("select count(*) n from contact_messages").get()).toEqual({ n: 1 });
  });
});

describe("KYC", () => {
  it("shows a logged-out visitor what is needed and a login that comes back to /kyc (public since issue 29)", async () => {
    const res = await new Client(server.url).request("/kyc");
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/href="\/login\?redirectTo=%2Fkyc"[^>]*>Log in to send your documents</);
  });
});

describe("browser bundles", () => {
  it("never contain nivo, marked or zod for the public pages", () => {
    const files = browserChunks();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(fs.readFileSync(file, "utf8"), file).not.toMatch(/nivo/i);
    // The public routes and the chunks they import stay free of marked and of zod (server-only schemas).
    const routes = files.filter((f) => /routes[\\/](_index|how-it-works|faq|risk|terms|contact|kyc)-/.test(f));
    expect(routes).toHaveLength(7);
    for (const file of routes) {
      const source = fs.readFileSync(file, "utf8");
      const imported = [...source.matchAll(/\/build\/(_shared\/chunk-[A-Z0-9]+\.js)/g)].map((m) => path.join(BROWSER_BUILD, m[1]));
      for (const chunk of [file, ...imported]) {
        const code = fs.readFileSync(chunk, "utf8");
        expect(code, `${file} -> ${chunk}`).not.toContain("marked(): input parameter");
        expect(code, `${file} -> ${chunk}`).not.toContain("_zod");
      }
    }
  });
});
