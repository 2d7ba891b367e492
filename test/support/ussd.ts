import { expect } from "vitest";
import type { FakeUssdGateway } from "./fake-ussd";
import { FakeAfricasTalking } from "./fake-ussd-africastalking";
import { FakeHubtelUssd } from "./fake-ussd-hubtel";
import type { TestServer } from "./server";

/**
 * What the USSD tests (test/ussd.test.ts, test/ussd-money.test.ts) share: each gateway's fake
 * pointed at the server's callback, finding a menu line, and reading a session's row.
 */

/** Both gateways' fakes on the server's callback paths (the secret is the server's USSD_CALLBACK_SECRET). */
export function ussdGateways(server: TestServer, secret: string) {
  return {
    africastalking: (headers?: Record<string, string>, options: { networkCode?: string } = {}) => new FakeAfricasTalking(`${server.url}/ussd/africastalking/${secret}`, { headers, ...options }),
    hubtel: (headers?: Record<string, string>, options: { operator?: string } = {}) => new FakeHubtelUssd(`${server.url}/ussd/hubtel/${secret}`, { headers, ...options }),
  } as const;
}
export type GatewayName = keyof ReturnType<typeof ussdGateways>;
export const GATEWAY_NAMES: readonly GatewayName[] = ["africastalking", "hubtel"];

/** The screen's menu key for the line holding `text`, or null. */
export const keyFor = (screen: string, text: string) => /^(\d)\. /.exec(screen.split("\n").find((line) => line.includes(text)) ?? "")?.[1] ?? null;

/** From the main menu: Invest, then "More" until the batch whose line holds `text` shows (its farm's short name, or its number: `#12 `); chooses it. */
export async function chooseBatch(fake: FakeUssdGateway, text: string): Promise<string> {
  let screen = await fake.send("2");
  for (let pages = 0; pages < 50; pages++) {
    const key = keyFor(screen, text);
    if (key) return fake.send(key);
    expect(screen).toMatch(/^9\. /m);
    screen = await fake.send("9");
  }
  throw new Error(`No batch with ${text} in the list`);
}

export type UssdSessionRow = { id: number; state: string; language: string; lastRequest: string | null; endedAt: string | null; updatedAt: string };

/** The newest session row of a phone. */
export const ussdSessionOf = (server: TestServer, phone: string) =>
  server
    .db()
    .prepare(`select id, state, language, last_request as "lastRequest", ended_at as "endedAt", updated_at as "updatedAt" from ussd_sessions where phone = ? order by id desc limit 1`)
    .get(phone) as UssdSessionRow;

/** Moves a session's clock back through its row: its last input `seconds` ago. */
export function idleFor(server: TestServer, phone: string, seconds: number) {
  server
    .db()
    .prepare("update ussd_sessions set updated_at = ? where id = ?")
    .run(new Date(Date.now() - seconds * 1000).toISOString(), ussdSessionOf(server, phone).id);
}
