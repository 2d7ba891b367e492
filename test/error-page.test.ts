import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, htmlText } from "./support/client";
import { startServer, type TestServer } from "./support/server";

/**
 * A fault in a page's action that reaches the root's error page: Remix runs no loader then (not even
 * the root's, which ships the words), so the page read as message ids ("common.error.title"). The
 * fault is a real one, from the database: a trigger that refuses the contact form's insert.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  server.db().exec("create trigger contact_fault before insert on contact_messages begin select raise(abort, 'the disk is full'); end");
});
afterAll(async () => {
  await server?.stop();
});

/** The page without its scripts (the words the browser's render uses are shipped in one, by their ids). */
const shown = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, "");

const fields = { name: "Yaw", email: "yaw@example.com", subject: "A question", message: "How are payouts made?" };

describe("the error page after an action's fault", () => {
  it("reads in the reader's words, header and footer too, never message ids", async () => {
    const english = await new Client(server.url).postForm("/contact", fields);
    expect(english.status).toBe(500);
    const html = await english.text();
    expect(html).toContain('<html lang="en-GH"');
    expect(htmlText(html)).toContain("Something went wrong");
    expect(htmlText(html)).toContain("Capital is not guaranteed");
    expect(shown(html)).not.toMatch(/common\.(error|nav|footer|goHome|logIn)/);

    const twi = await new Client(server.url).postForm("/contact", fields, { "Accept-Language": "ak" });
    expect(twi.status).toBe(500);
    const twiHtml = await twi.text();
    expect(twiHtml).toContain('<html lang="ak"');
    expect(htmlText(twiHtml)).toContain("Biribi akɔ basaa");
    expect(twiHtml).not.toContain("Something went wrong");
    expect(shown(twiHtml)).not.toMatch(/common\.(error|nav|footer|goHome|logIn)/);
  });
});
