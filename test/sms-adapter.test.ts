import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmsSender, SmsError } from "~/integrations/sms/index.server";
import { startFakeHubtel, type FakeHubtel } from "./support/fake-hubtel";

/** The real Hubtel adapter against the fake Hubtel on 127.0.0.1 (its documented protocol), and the demo one. */
let fake: FakeHubtel;
beforeAll(async () => {
  fake = await startFakeHubtel();
});
afterAll(async () => {
  await fake?.close();
});

const hubtel = (over: Record<string, unknown> = {}) =>
  createSmsSender({ provider: "hubtel", clientId: fake.clientId, clientSecret: fake.clientSecret, baseUrl: fake.url, senderId: "Akoko", timeoutMs: 2000, ...over });

describe("Hubtel SMS adapter", () => {
  it("sends From/To/Content with Basic auth and returns Hubtel's messageId", async () => {
    const { providerRef } = await hubtel().send({ to: "+233241234567", text: "Akoko: hello", reference: "akoko-1" });
    const sms = fake.to("+233241234567");
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatchObject({ from: "Akoko", to: "233241234567", content: "Akoko: hello", messageId: providerRef });
  });

  it("wrong keys are a permanent refusal, a 503 is worth another try; neither error carries the secret or the full number", async () => {
    const wrong = await hubtel({ clientSecret: "not-the-secret" })
      .send({ to: "+233241234567", text: "x", reference: "r" })
      .catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(SmsError);
    expect((wrong as SmsError).permanent).toBe(true);
    expect((wrong as SmsError).message).not.toContain("not-the-secret");
    fake.failNext(1, 503);
    const busy = await hubtel()
      .send({ to: "+233241234567", text: "x", reference: "r" })
      .catch((e: unknown) => e);
    expect((busy as SmsError).permanent).toBe(false);
    expect((busy as SmsError).message).not.toContain("233241234567");
  });

  it("an unreachable provider may be tried again; https is required except to 127.0.0.1", async () => {
    const down = await hubtel({ baseUrl: "http://127.0.0.1:1" })
      .send({ to: "+233241234567", text: "x", reference: "r" })
      .catch((e: unknown) => e);
    expect((down as SmsError).permanent).toBe(false);
    expect(() => hubtel({ baseUrl: "http://sms.hubtel.com" })).toThrow(/https/);
    expect(() => createSmsSender({ provider: "hubtel", senderId: "Akoko" })).toThrow(/HUBTEL_CLIENT_ID/);
  });

  it("the demo sender sends nothing and logs the number masked", async () => {
    const lines: string[] = [];
    const demo = createSmsSender({ provider: "demo", senderId: "Akoko", logText: true, log: (l) => lines.push(l) });
    await demo.send({ to: "+233241234567", text: "Akoko: your code is 123456", reference: "akoko-9", kind: "PHONE_CODE" });
    expect(lines).toEqual(["[sms not sent: demo outbox] to +233 *** *** 567: Akoko: your code is 123456"]);
  });

  it("the demo sender without logText (production) logs the kind and the masked number, never the text", async () => {
    const lines: string[] = [];
    const demo = createSmsSender({ provider: "demo", senderId: "Akoko", log: (l) => lines.push(l) });
    await demo.send({ to: "+233241234567", text: "Akoko: your code is 123456", reference: "akoko-9", kind: "PHONE_CODE" });
    expect(lines).toEqual(["[sms not sent: demo outbox] PHONE_CODE to +233 *** *** 567 (read it on /admin/outbox)"]);
  });
});
