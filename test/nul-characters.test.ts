import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createBatch, createFarm, signInAdmin } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

/**
 * A NUL character (U+0000) in what a request carries: no person types one (a browser's parser never
 * puts one in a field), and PostgreSQL cannot store one in text, so before this rule a form carrying
 * one was a 500 there and stored on SQLite. Runs on both engines (the "postgres" project): the same
 * answer on each. The API refuses it, naming the field; a page form drops it.
 */
let server: TestServer;
let admin: { api: Client; page: Client };

beforeAll(async () => {
  server = await startServer();
  admin = await signInAdmin(server);
});
afterAll(async () => {
  await server?.stop();
});

const count = (table: string) => (server.db().prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("the API refuses a NUL character, naming the field, and changes nothing", () => {
  it("in JSON, a form and a multipart body", async () => {
    const farms = count("farms");
    expect(await call(admin.api, "POST", "/api/v1/admin/farms", { name: "Nul Farm", location: "Ho, Volta", notes: "a\u0000b" })).toEqual({
      status: 400,
      body: { detail: "notes holds a NUL character (U+0000), which no text may hold." },
    });
    // Nested in a list or an object, and in a key, too.
    expect((await call(admin.api, "POST", "/api/v1/admin/farms", { name: "Nul Farm", location: "Ho, Volta", extra: ["x", { y: "\u0000" }] })).status).toBe(400);
    expect((await call(admin.api, "POST", "/api/v1/admin/farms", { name: "Nul Farm", location: "Ho, Volta", "no\u0000tes": "x" })).status).toBe(400);
    expect(count("farms")).toBe(farms);

    const page = await call(admin.api, "PUT", "/api/v1/admin/pages/how-it-works?locale=en", { body_md: "hello\u0000world" });
    expect(page).toEqual({ status: 400, body: { detail: "body_md holds a NUL character (U+0000), which no text may hold." } });

    const login = await new Client(server.url).request("/api/v1/auth/login", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "username=ama%00%40akoko.test&password=x",
    });
    expect(login.status).toBe(400);
    expect(await login.json()).toEqual({ detail: "username holds a NUL character (U+0000), which no text may hold." });

    const batch = createBatch(server, { productType: "CHICKEN", status: "ACTIVE" });
    const logs = count("farm_logs");
    const form = new FormData();
    for (const [k, v] of Object.entries({ log_date: batch.startDate ?? "", birds_alive: "990", feed_kg: "50", avg_weight_kg: "0.4", notes: "a\u0000b" })) form.set(k, v);
    const multipart = await admin.api.request(`/api/v1/admin/batches/${batch.id}/logs`, { method: "POST", body: form });
    expect(multipart.status).toBe(400);
    expect(await multipart.json()).toEqual({ detail: "notes holds a NUL character (U+0000), which no text may hold." });
    expect(count("farm_logs")).toBe(logs);
  });

  it("says so in the reader's language", async () => {
    const twi = await call(admin.api, "POST", "/api/v1/admin/farms?lang=ak", { name: "Nul Farm", location: "Ho, Volta", notes: "a\u0000b" });
    expect(twi.status).toBe(400);
    expect(twi.body.detail).toContain("notes");
    expect(twi.body.detail).not.toContain("which no text may hold");
  });
});

describe("a page form drops a NUL character: never a 500", () => {
  it("signing in, the contact form, a farm, a daily log and a page's text", async () => {
    const signIn = await new Client(server.url).postForm("/login", { email: "ama\u0000@akoko.test", password: "x" });
    expect(signIn.status).toBe(401);

    const sent = await new Client(server.url).postForm("/contact", { name: "Yaw", email: "yaw@walk.test", subject: "hello", message: "hello there\u0000friend" });
    expect(sent.status).toBe(302);
    expect(server.db().prepare("select message from contact_messages order by id desc limit 1").get()).toEqual({ message: "hello therefriend" });

    const farm = await admin.page.postForm("/admin?index", { intent: "create_farm", name: "Notes Farm", location: "Wa, Upper West", notes: "a\u0000b" });
    expect(farm.status).toBe(302);
    expect(server.db().prepare("select notes from farms where name = 'Notes Farm'").get()).toEqual({ notes: "ab" });

    const content = await admin.page.postForm("/admin/content", { intent: "save", locale: "en", title: "How It Works", body_md: "## Steps\n\nhello\u0000world" });
    expect(content.status).toBeLessThan(500);
    expect(htmlText(await (await new Client(server.url).get("/how-it-works")).text())).toContain("helloworld");

    const batch = createBatch(server, { productType: "CHICKEN", status: "ACTIVE", farmId: createFarm(server, { name: "Log Farm" }).id });
    const log = await admin.page.postForm(`/admin/batches/${batch.id}/logs`, { log_date: batch.startDate ?? "", birds_alive: "990", feed_kg: "50", avg_weight_kg: "0.4", notes: "a\u0000b" });
    expect(log.status).toBeLessThan(500);
  });
});

describe("an address with a NUL character", () => {
  it("is a 400 saying so, on a page and the API, signed in or not", async () => {
    for (const [client, path] of [
      [new Client(server.url), "/batches/%00"],
      [new Client(server.url), "/invest/eggs?sort=%00"],
      [admin.page, "/admin/audit?batch=1%00"],
      [admin.api, "/api/v1/admin/outbox?status=%00"],
    ] as const) {
      const res = await client.get(path);
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ detail: "The address holds a NUL character (%00)." });
    }
  });
});
