/**
 * Choosing the language (issue 30): a plain form in the header and footer that keeps the choice in a
 * cookie, on the account for a signed-in reader, and comes back to the same page; a first visit
 * follows Accept-Language; <html lang> says the page's language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, htmlText } from "./support/client";
import { createInvestor, signIn } from "./support/factories";
import { sharedServer, type TestServer } from "./support/server";

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});
afterAll(async () => {
  await server?.stop();
});

const htmlLangOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

describe("the language a page is read in", () => {
  it("is English by default, and Twi for a browser that asks for ak, tw or twi first", async () => {
    const english = await (await fetch(`${server.url}/faq`)).text();
    expect(htmlLangOf(english)).toBe("en-GH");
    expect(htmlText(english)).toContain("Log in");
    for (const header of ["ak", "tw-GH,en;q=0.8", "twi"]) {
      const twi = htmlText(await (await fetch(`${server.url}/faq`, { headers: { "Accept-Language": header } })).text());
      expect(htmlLangOf(twi), header).toBe("ak");
      expect(twi).toContain("Wura mu");
      expect(twi).not.toContain(">Log in<");
    }
    // Pages differ by language: a shared cache keeps one per cookie and Accept-Language.
    expect((await fetch(`${server.url}/faq`)).headers.get("Vary")).toMatch(/Cookie, Accept-Language/);
  });

  it("is chosen with the form, kept in a cookie a year, and returns to the same page", async () => {
    const client = new Client(server.url);
    const chosen = await client.postForm("/language", { lang: "ak", back: "/invest/eggs?sort=price" });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("Location")).toBe("/invest/eggs?sort=price");
    expect(chosen.headers.get("Set-Cookie")).toMatch(/^lang=ak; Path=\/; Max-Age=31536000; SameSite=Lax; HttpOnly/);
    const page = await client.follow("/invest/eggs?sort=price");
    expect(htmlLangOf(page.html)).toBe("ak");
    // The choice outranks the browser's own language.
    const back = await client.postForm("/language", { lang: "en", back: "/faq" }, { "Accept-Language": "ak" });
    expect(back.headers.get("Set-Cookie")).toMatch(/^lang=en;/);
    expect(htmlLangOf((await client.follow("/faq", { headers: { "Accept-Language": "ak" } })).html)).toBe("en-GH");
  });

  it("never sends the reader to another site, and says so for a language it does not have", async () => {
    const client = new Client(server.url);
    // Browsers drop tabs and line breaks from a URL: "/\t/evil.example" would be //evil.example.
    for (const back of ["https://evil.example/", "//evil.example/x", "/\\evil.example", "/\t/evil.example", "/\r/x", "/a\r\nSet-Cookie: x=1"]) {
      for (const lang of ["ak", "zz"]) {
        const res = await client.postForm("/language", { lang, back });
        expect(res.status, back).toBe(302);
        expect(res.headers.get("Location"), back).toBe("/");
      }
    }
    // A character a header cannot carry as it is comes back percent-encoded, never a 500.
    const separator = await client.postForm("/language", { lang: "ak", back: "/faq\u2028" });
    expect(separator.status).toBe(302);
    expect(separator.headers.get("Location")).toBe("/faq%E2%80%A8");
    const visitor = new Client(server.url);
    const unknown = await visitor.postForm("/language", { lang: "fr", back: "/faq" });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get("Set-Cookie")).not.toMatch(/(^|, )lang=/);
    const page = await visitor.follow("/faq");
    expect(htmlText(page.html)).toContain("Choose English or Twi.");
    // A stray GET changes nothing.
    expect((await client.request("/language?lang=ak")).headers.get("Location")).toBe("/");
  });

  it("is kept on a signed-in investor's account, for their emails and SMS", async () => {
    const investor = await createInvestor(server);
    const { page } = await signIn(server, investor.id);
    await page.postForm("/language", { lang: "ak", back: "/portfolio" });
    const row = server.db().prepare("select locale from users where id = ?").get(investor.id) as { locale: string | null };
    expect(row.locale).toBe("ak");
    await page.postForm("/language", { lang: "en", back: "/portfolio" });
    expect((server.db().prepare("select locale from users where id = ?").get(investor.id) as { locale: string }).locale).toBe("en");
  });

  it("follows the person to a new device: signing in sets the language kept on the account", async () => {
    const investor = await createInvestor(server);
    server.db().prepare("update users set locale = 'ak' where id = ?").run(investor.id);
    const phone = new Client(server.url);
    const res = await phone.postForm("/login", { email: investor.email, password: investor.password });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().some((c) => /^lang=ak;/.test(c))).toBe(true);
    const next = await phone.follow("/portfolio");
    expect(next.html).toContain('<html lang="ak"');
    // An account that never chose keeps the device's own choice.
    const other = await createInvestor(server);
    const fresh = new Client(server.url);
    const plain = await fresh.postForm("/login", { email: other.email, password: other.password });
    expect(plain.headers.getSetCookie().some((c) => c.startsWith("lang="))).toBe(false);
  });
});
