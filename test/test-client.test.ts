import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "./support/client";

/**
 * The test client's keep-alive connections (test/support/client.ts). A server closes an idle
 * connection after its keep-alive timeout; a request written into it as it closes meets a reset
 * before any answer. This server resets the second request of each connection, as such a close
 * does, so the case happens on every run instead of by the timing of a busy machine.
 */
describe("the test client over keep-alive connections", () => {
  let server: http.Server;
  let base: string;
  const connections: number[] = [];
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const socket = req.socket as typeof req.socket & { served?: number };
      socket.served = (socket.served ?? 0) + 1;
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        if (socket.served === 2) {
          socket.destroy();
          return;
        }
        seen.push(`${req.method} ${req.url} ${body}`);
        res.end(`answered ${req.url}`);
      });
    });
    server.on("connection", () => connections.push(Date.now()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends a request again on a new connection when a reused one is reset before any answer", async () => {
    const client = new Client(base);
    const first = await client.get("/one");
    expect(await first.text()).toBe("answered /one");
    const before = connections.length;
    // Sent on the first request's connection, which the server resets: sent again on a new one.
    const second = await client.postForm("/two", { units: 3 });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe("answered /two");
    expect(connections.length).toBe(before + 1);
    // The server read it once: the reset request was never answered, nor taken.
    expect(seen.filter((line) => line.startsWith("POST /two"))).toEqual(["POST /two units=3"]);
  });

  it("does not send it a third time: a reset on the new connection too reaches the test", async () => {
    const resetting = http.createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => resetting.listen(0, "127.0.0.1", resolve));
    let accepted = 0;
    resetting.on("connection", () => (accepted += 1));
    try {
      const client = new Client(`http://127.0.0.1:${(resetting.address() as AddressInfo).port}`);
      await expect(client.get("/")).rejects.toThrow("fetch failed");
      expect(accepted).toBe(1);
    } finally {
      resetting.closeAllConnections();
      await new Promise<void>((resolve) => resetting.close(() => resolve()));
    }
  });
});
