/**
 * The catalog of words: pages render their words from it, in the reader's locale. In the
 * pseudo-locale every catalog text is bracketed, so a word that bypassed the catalog shows.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./support/client";
import { signIn, signInAdmin } from "./support/factories";
import { pageChrome, wordsOutsideCatalog } from "./support/pseudo";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ PSEUDO_LOCALE: "true" });
});

afterAll(async () => {
  await server?.stop();
});

/** Every page route without a parameter, as a path ("routes/invest.eggs" -> "/invest/eggs"). */
const PAGES = fs
  .readdirSync(path.resolve(import.meta.dirname, "../app/routes"))
  .filter((name) => name.endsWith(".tsx") && !name.includes("$"))
  .map((name) => name.replace(/\.tsx$/, ""))
  .map((id) =>
    id === "_index"
      ? "/"
      : `/${id
          .replace(/\._index$/, "")
          .split(".")
          .map((part) => part.replace(/_$/, ""))
          .join("/")}`,
  );

function pseudoClient(): Client {
  const client = new Client(server.url);
  client.setCookie("lang", "pseudo");
  return client;
}

describe("the pseudo-locale", () => {
  it("lists the pages it reads", () => {
    expect(PAGES.length).toBeGreaterThan(30);
    expect(PAGES).toContain("/invest/eggs");
  });

  it("brackets every word of the header and footer, on every page, for a visitor, an investor and an admin", async () => {
    const investor = await signIn(server, "ama@akoko.test");
    const admin = await signInAdmin(server);
    const readers: Array<[string, Client]> = [
      ["visitor", pseudoClient()],
      ["investor", investor.page],
      ["admin", admin.page],
    ];
    for (const [, client] of readers) client.setCookie("lang", "pseudo");
    const findings: string[] = [];
    for (const [who, client] of readers) {
      for (const page of PAGES) {
        const { html } = await client.follow(page);
        const chrome = pageChrome(html);
        if (!chrome) continue; // a download or an API-only answer
        for (const word of wordsOutsideCatalog(chrome)) findings.push(`${who} ${page}: ${word}`);
      }
    }
    expect(findings).toEqual([]);
  });

  it("brackets every word of the public and invest pages' content, their dialogs too, for a visitor and an investor", async () => {
    const db = server.db();
    const batches = db.prepare("select id, product_type as type, status from batches order by id").all() as Array<{ id: number; type: string; status: string }>;
    const held = db
      .prepare("select i.batch_id as id from investments i join users u on u.id = i.user_id join batches b on b.id = i.batch_id where u.email = ? and b.product_type = 'EGG' and i.status = 'ACTIVE'")
      .get("ama@akoko.test") as { id: number } | undefined;
    const first = (type: string) => batches.find((b) => b.type === type && b.status === "OPEN")?.id;
    const egg = first("EGG");
    const chicken = first("CHICKEN");
    expect(egg && chicken && held, "the seed has an open egg and chicken batch, and an egg holding").toBeTruthy();
    const pages = [
      "/faq",
      "/faq?q=payout",
      "/faq?q=zebra-crossing",
      "/risk",
      "/terms",
      "/invest/eggs",
      "/invest/chicken",
      `/invest/eggs?dialog=invest&batch=${egg}`,
      `/invest/chicken?dialog=invest&batch=${chicken}`,
      `/invest/eggs?dialog=exit&batch=${held!.id}`,
      "/invest/eggs?dialog=invest&batch=999999",
      "/invest/eggs?q=no-such-farm",
      "/invest/eggs?amount=abc",
    ];
    // Data, not words: farms' names and places, people's names.
    const farms = db.prepare("select name, location from farms").all() as Array<{ name: string; location: string }>;
    const people = db.prepare("select full_name as name from users").all() as Array<{ name: string }>;
    const data = [...farms.flatMap((f) => [f.name, f.location]), ...people.map((p) => p.name)];
    const investor = await signIn(server, "ama@akoko.test");
    investor.page.setCookie("lang", "pseudo");
    const readers: Array<[string, Client]> = [
      ["visitor", pseudoClient()],
      ["investor", investor.page],
    ];
    const findings: string[] = [];
    for (const [who, client] of readers) {
      for (const page of pages) {
        const { html } = await client.follow(page);
        const main = /<main[\s\S]*?<\/main>/.exec(html)?.[0] ?? "";
        expect(main, `${who} ${page}`).toContain("⟦");
        for (const word of wordsOutsideCatalog(main, data)) findings.push(`${who} ${page}: ${word}`);
      }
    }
    expect([...new Set(findings)]).toEqual([]);
  });

  it("brackets the words of the not-found page", async () => {
    const { res, html } = await pseudoClient().follow("/no-such-page");
    expect(res.status).toBe(404);
    const main = /<main[\s\S]*?<\/main>/.exec(html)![0];
    expect(main).toContain("⟦");
    expect(wordsOutsideCatalog(main)).toEqual([]);
  });

  it("is English unless the deployment allows the pseudo-locale", async () => {
    const plain = await startServer();
    try {
      const client = new Client(plain.url);
      client.setCookie("lang", "pseudo");
      const { html } = await client.follow("/");
      expect(html).toContain("Skip to content");
      expect(html).not.toContain("⟦");
    } finally {
      await plain.stop();
    }
  });
});
