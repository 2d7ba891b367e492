/**
 * The catalog of words on Home, How It Works, the batch page, the sign-in, reset, email-link and
 * contact pages: in the pseudo-locale every word of their <main> is bracketed (test/support/pseudo.ts),
 * for a visitor and an investor, with the estimator's and the forms' error states, and the flashes
 * their forms set. JavaScript off: plain HTTP.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./support/client";
import { createInvestor, signIn } from "./support/factories";
import { enrolTwoFactor } from "./support/totp";
import { wordsOutsideCatalog } from "./support/pseudo";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ PSEUDO_LOCALE: "true" });
});

afterAll(async () => {
  await server?.stop();
});

function pseudoClient(): Client {
  const client = new Client(server.url);
  client.setCookie("lang", "pseudo");
  return client;
}

const mainOf = (html: string) => /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";

/** A signed unsubscribe link, as the notices' footers carry (app/models/messages.server.ts signs them with SESSION_SECRET). */
const unsubscribePath = (userId: number, category: string) =>
  `/unsubscribe/${userId}.${category}.${crypto.createHmac("sha256", server.sessionSecret).update(`unsubscribe:${userId}:${category}`).digest("base64url").slice(0, 32)}`;

/** How It Works' stored guide (markdown an admin wrote, rendered into this div) is data. */
const withoutStoredGuide = (main: string) => main.replace(/<div class="mt-3 text-sm text-stone-800[^"]*">[\s\S]*?<\/div>/, "");

/**
 * Data, not words: farms' names and places, people's names and emails, incident notes the farm
 * typed.
 */
function pageData(): string[] {
  const db = server.db();
  const farms = db.prepare("select name, location from farms").all() as Array<{ name: string; location: string }>;
  const people = db.prepare("select full_name as name, email from users").all() as Array<{ name: string; email: string }>;
  const logs = db.prepare("select notes, incident_description as incident from farm_logs").all() as Array<{ notes: string | null; incident: string | null }>;
  return [
    ...farms.flatMap((f) => [f.name, f.location]),
    ...people.flatMap((p) => [p.name, p.email]),
    ...logs.flatMap((l) => [l.notes ?? "", l.incident ?? ""]).filter((t) => t.trim() !== ""),
    ...storedHowItWorks(),
  ].sort((a, b) => b.length - a.length); // the longest first, so a short one (a farm's place) never cuts a longer one apart
}

/** How It Works' stored title and questions: what an admin wrote. */
function storedHowItWorks(): string[] {
  const page = server.db().prepare("select title, faqs_json from pages where slug = 'how-it-works'").get() as { title: string; faqs_json: string } | undefined;
  if (!page) return [];
  const faqs = JSON.parse(page.faqs_json) as Array<{ question: string; answer: string }>;
  return [page.title, ...faqs.flatMap((f) => [f.question, f.answer])].filter((t) => t.trim() !== "");
}

/** The words of a page's <main> outside the catalog, each prefixed with who saw it where. */
async function findings(label: string, html: string, data: string[]): Promise<string[]> {
  const main = withoutStoredGuide(mainOf(html));
  expect(main, label).toContain("⟦");
  return wordsOutsideCatalog(main, data).map((word) => `${label}: ${word}`);
}

describe("the pseudo-locale on Home, How It Works and the batch page", () => {
  it("brackets every word of their <main>, estimator errors and a missing batch too, for a visitor and an investor", async () => {
    const db = server.db();
    // The batches with the most logged days of each product, and the one with the most remittances.
    const logged = (type: string) =>
      (db.prepare("select b.id from batches b left join farm_logs l on l.batch_id = b.id where b.product_type = ? group by b.id order by count(l.id) desc limit 1").get(type) as { id: number }).id;
    const remitted = db.prepare("select batch_id as id from remittances group by batch_id order by count(*) desc limit 1").get() as { id: number } | undefined;
    const held = db.prepare("select i.batch_id as id from investments i join users u on u.id = i.user_id where u.email = ? and i.status = 'ACTIVE' limit 1").get("ama@akoko.test") as
      { id: number } | undefined;
    expect(remitted && held, "the seed has remittances and a holding of the demo investor").toBeTruthy();
    const pages = [
      "/",
      "/?product=DUCK&units=0&unit_price=abc&roi=99",
      "/?product=EGG&units=9999999&unit_price=0.5&roi=-1",
      "/how-it-works",
      "/how-it-works?product=EGG&units=ten&unit_price=99999999&roi=0x1",
      `/batches/${logged("EGG")}`,
      `/batches/${logged("CHICKEN")}`,
      `/batches/${logged("EGG")}?page=2`,
      `/batches/${remitted!.id}`,
      `/batches/${held!.id}`,
      "/batches/999999",
    ];
    const data = pageData();
    const investor = await signIn(server, "ama@akoko.test");
    investor.page.setCookie("lang", "pseudo");
    const found: string[] = [];
    for (const [who, client] of [
      ["visitor", pseudoClient()],
      ["investor", investor.page],
    ] as const) {
      for (const page of pages) {
        const { html } = await client.follow(page);
        found.push(...(await findings(`${who} ${page}`, html, data)));
        // The title too, but How It Works' is the stored page's (data).
        if (!page.startsWith("/how-it-works")) expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], page).toMatch(/^⟦/);
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it("brackets How It Works' fallback guide, questions and title when the stored page is empty", async () => {
    const db = server.db();
    const before = db.prepare("select title, body_md, faqs_json from pages where slug = 'how-it-works'").get() as { title: string; body_md: string; faqs_json: string };
    db.prepare("update pages set title = '', body_md = '', faqs_json = '[]' where slug = 'how-it-works'").run();
    try {
      const fallback = await pseudoClient().follow("/how-it-works");
      // The fallback guide is the catalog's: checked whole, its link kept.
      const main = mainOf(fallback.html);
      expect(main).toContain('<a href="/risk">');
      expect(wordsOutsideCatalog(main, pageData())).toEqual([]);
      expect(/<title>([^<]*)<\/title>/.exec(fallback.html)?.[1]).toMatch(/^⟦/);
    } finally {
      db.prepare("update pages set title = ?, body_md = ?, faqs_json = ? where slug = 'how-it-works'").run(before.title, before.body_md, before.faqs_json);
    }
  });
});

describe("the pseudo-locale on the sign-in, reset, email-link and contact pages", () => {
  it("brackets every word of their <main> as they open, for a visitor (and the contact page for an investor)", async () => {
    const investor = await signIn(server, "ama@akoko.test");
    const pages = [
      "/login",
      "/login?redirectTo=%2Fportfolio",
      "/login/phone",
      "/register",
      "/reset-password",
      "/reset-password/code",
      "/reset-password/not-a-token",
      "/confirm-email/not-a-token",
      "/unsubscribe/not-a-token",
      unsubscribePath(investor.id, "payouts"),
      unsubscribePath(investor.id, "money"),
      "/contact",
      "/contact?sent=1",
    ];
    const data = pageData();
    const found: string[] = [];
    for (const page of pages) {
      const { html } = await pseudoClient().follow(page);
      found.push(...(await findings(`visitor ${page}`, html, data)));
      // The page's title and description are the catalog's too.
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], page).toMatch(/^⟦/);
      expect(/<meta name="description" content="([^"]*)"/.exec(html)?.[1], page).toMatch(/^⟦/);
    }
    investor.page.setCookie("lang", "pseudo");
    found.push(...(await findings("investor /contact", (await investor.page.follow("/contact")).html, data)));
    expect([...new Set(found)]).toEqual([]);
  });

  it("brackets the words around their errors and after their forms (the flashes too)", async () => {
    const data = pageData();
    const found: string[] = [];
    const check = async (label: string, res: Response) => found.push(...(await findings(label, await res.text(), data)));
    const post = (path: string, fields: Record<string, string>) => pseudoClient().postForm(path, fields);
    await check("bad login", await post("/login", { email: "ama@akoko.test", password: "wrong-password" }));
    await check("empty login", await post("/login", { email: "", password: "" }));
    await check("bad register", await post("/register", { full_name: "", email: "not-an-email", password: "short" }));
    await check("bad reset request", await post("/reset-password", { email: "nope" }));
    await check("reset request", await post("/reset-password", { email: "nobody@example.com" }));
    await check("bad reset code", await post("/reset-password/code", { email: "nobody@example.com", code: "123456", password: "new-password-1", confirm: "new-password-1" }));
    await check("bad reset link", await post("/reset-password/not-a-token", { password: "new-password-1", confirm: "new-password-1" }));
    await check("bad confirm", await post("/confirm-email/not-a-token", {}));
    await check("bad contact", await post("/contact", { name: "", email: "x", subject: "", message: "" }));
    // The second step of a sign-in with two factors on, and a wrong code there.
    const enrolled = await createInvestor(server);
    await enrolTwoFactor(enrolled.api);
    const twoStep = pseudoClient();
    expect((await twoStep.postForm("/login", { email: enrolled.email, password: enrolled.password })).headers.get("Location")).toBe("/login/code");
    found.push(...(await findings("login code", (await twoStep.follow("/login/code")).html, data)));
    await check("bad login code", await twoStep.postForm("/login/code", { code: "not-a-code" }));
    // Signing in with a phone number (issue 31): a bad number, then the code step and a wrong code there.
    await check("bad phone", await post("/login/phone", { intent: "send-code", phone: "12" }));
    const byPhone = pseudoClient();
    expect((await byPhone.postForm("/login/phone", { intent: "send-code", phone: "024 000 0001" })).status).toBe(302);
    found.push(...(await findings("phone code step", (await byPhone.follow("/login/phone")).html, data)));
    await check("bad phone code", await byPhone.postForm("/login/phone", { intent: "check-code", code: "123456" }));
    // A form that succeeds redirects with a flash the next page shows, in the reader's words.
    const registered = pseudoClient();
    const email = `catalog-${crypto.randomUUID()}@example.com`;
    expect((await registered.postForm("/register", { full_name: "Esi Boateng", email, password: "goodpassword", redirectTo: "/" })).status).toBe(302);
    const welcome = await registered.follow("/");
    expect(mainOf(welcome.html)).toContain('data-toast="success"');
    found.push(...(await findings("after register", welcome.html, [...data, "Esi Boateng"])));
    const contact = pseudoClient();
    expect((await contact.postForm("/contact", { name: "Yaw Darko", email: "yaw@example.com", subject: "Hello", message: "A question about the farm visits." })).status).toBe(302);
    const sent = await contact.follow("/contact?sent=1");
    expect(mainOf(sent.html)).toContain('data-toast="success"');
    found.push(...(await findings("after contact", sent.html, data)));
    const unsubscribed = await pseudoClient().postForm(unsubscribePath((await signIn(server, "ama@akoko.test")).id, "news"), {});
    expect(unsubscribed.status).toBe(200);
    await check("unsubscribed", unsubscribed);
    expect([...new Set(found)]).toEqual([]);
  });
});
