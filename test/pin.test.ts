/**
 * Issue 31: the PIN and accounts registered by phone, against the built server. The PIN is set on
 * /account and through POST /api/v1/auth/pin; accounts without an email or a password are followed
 * through every place that assumed one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "./support/client";
import { createPhoneInvestor } from "./support/factories";
import { startServer, type TestServer } from "./support/server";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("an account without a password", () => {
  it("refuses every password, the one the stand-in hash for unknown accounts was made from too", async () => {
    const yaa = await createPhoneInvestor(server);
    const res = await call(yaa.api, "POST", "/api/v1/auth/change-password", { current_password: "not-a-real-password", new_password: "a-brand-new-password" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "That is not your current password." });
    expect(server.db().prepare("select password_hash from users where id = ?").get(yaa.id)).toEqual({ password_hash: null });
  });
});
