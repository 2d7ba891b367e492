import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A fake Hubtel SMS API on 127.0.0.1 speaking its documented protocol
 * (https://businessdocs-developers.hubtel.com/docs/simple-messaging), so the app's real adapter
 * (app/integrations/sms/hubtel.server.ts) is what tests exercise: point HUBTEL_SMS_URL at `fake.url`.
 *
 *   POST /v1/messages/send, Authorization: Basic base64(clientId:clientSecret), JSON {From, To, Content}
 *   -> 201 {"rate", "messageId", "status": 0, "networkId", "clientReference": null, "statusDescription"}
 *
 * Wrong keys get 401; a missing field or a To that is not 233XXXXXXXXX gets 400. `failNext(n)`
 * answers the next n with a 503 (nothing sent). `holdNext()` takes the next message (it is sent) and
 * answers nothing until `release()`: a gateway that hangs after it took the message.
 */
export type Sms = { from: string; to: string; content: string; messageId: string; at: Date };

export type FakeHubtel = {
  url: string;
  clientId: string;
  clientSecret: string;
  sent: Sms[];
  requests: number;
  failNext(count: number, status?: number): void;
  holdNext(): void;
  release(): void;
  waitFor(predicate: (sent: Sms[]) => boolean, timeoutMs?: number): Promise<Sms[]>;
  /** Messages to a +233 number (Hubtel is sent it without the plus). */
  to(phone: string): Sms[];
  close(): Promise<void>;
};

export async function startFakeHubtel({ clientId = "test-client-id", clientSecret = "test-client-secret" } = {}): Promise<FakeHubtel> {
  const sent: Sms[] = [];
  let fail = { count: 0, status: 503 };
  let requests = 0;
  let holdNext = false;
  const held: Array<() => void> = [];
  const expectedAuth = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString("base64")}`;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests += 1;
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json" });
        res.end(JSON.stringify(body));
      };
      if (req.method !== "POST" || req.url !== "/v1/messages/send") return reply(404, { message: "Not found" });
      if (req.headers.authorization !== expectedAuth) return reply(401, { message: "Unauthorized" });
      if (fail.count > 0) {
        fail.count -= 1;
        return reply(fail.status, { message: "Service unavailable" });
      }
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return reply(400, { message: "Invalid JSON" });
      }
      const { From, To, Content } = body as { From?: unknown; To?: unknown; Content?: unknown };
      if (typeof From !== "string" || typeof Content !== "string" || Content === "" || typeof To !== "string") return reply(400, { message: "From, To and Content are required" });
      if (!/^233\d{9}$/.test(To)) return reply(400, { message: "Invalid destination address" });
      const messageId = randomUUID();
      sent.push({ from: From, to: To, content: Content, messageId, at: new Date() });
      const answer = () => reply(201, { rate: 0.0309, messageId, status: 0, networkId: "62001", clientReference: null, statusDescription: "request submitted successfully" });
      if (!holdNext) return answer();
      holdNext = false;
      held.push(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    sent,
    get requests() {
      return requests;
    },
    failNext(count, status = 503) {
      fail = { count, status };
    },
    holdNext() {
      holdNext = true;
    },
    release() {
      holdNext = false;
      for (const answer of held.splice(0)) answer();
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(sent)) {
        if (Date.now() > deadline) throw new Error(`fake Hubtel: timed out; sent ${sent.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return sent;
    },
    to(phone) {
      return sent.filter((s) => s.to === phone.replace(/^\+/, ""));
    },
    close: () =>
      new Promise<void>((resolve) => {
        held.splice(0);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
