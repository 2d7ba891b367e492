import type { AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

/**
 * A real SMTP server on 127.0.0.1 (the smtp-server package) that keeps what it receives, so the
 * app's nodemailer adapter is what tests exercise: point SMTP_URL at `fake.url`. Tests steer it:
 * - `refuseNext(n, code)`: the next n messages are refused at MAIL FROM (421/451: try later; 550: never);
 * - `holdNext(to?)`: the next message (to that address, if given) is read whole and then never
 *   answered (a send in flight, for killing the sender mid-send, or a relay that took the message
 *   and went silent); `release()` lets it go;
 * - `stallNext(to)`: the next RCPT TO for that address is never answered (a relay stuck before the
 *   message is handed over); `release()` answers it. `stalled` counts those seen.
 */
export type ReceivedEmail = {
  from: string;
  to: string[];
  raw: string;
  /** Header names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** The raw message with quoted-printable undone: enough to find a link or a sentence. */
  text: string;
  at: Date;
};

export type FakeSmtp = {
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** MAIL FROM commands seen (each delivery attempt starts with one). */
  attempts: number;
  /** RCPT TO commands left unanswered by `stallNext` so far. */
  stalled: number;
  refuseNext(count: number, code?: number): void;
  holdNext(to?: string): void;
  stallNext(to: string): void;
  release(): void;
  /** Waits until `predicate` holds for what was received (default 10 s). */
  waitFor(predicate: (received: ReceivedEmail[]) => boolean, timeoutMs?: number): Promise<ReceivedEmail[]>;
  to(address: string): ReceivedEmail[];
  close(): Promise<void>;
};

/** `latin1`: the message's bytes one character each; quoted-printable undone, then read as UTF-8. */
function decodeQuotedPrintable(latin1: string) {
  const bytes = latin1.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function parseHeaders(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedEmail[] = [];
  let refuse: { count: number; code: number } = { count: 0, code: 451 };
  let hold: { to: string | null } | null = null;
  const stall = new Set<string>();
  let held: Array<() => void> = [];
  let attempts = 0;
  let stalled = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onMailFrom(_address, _session: SMTPServerSession, callback) {
      attempts += 1;
      if (refuse.count > 0) {
        refuse.count -= 1;
        const error = Object.assign(new Error(refuse.code >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: refuse.code });
        return callback(error);
      }
      callback();
    },
    onRcptTo(address, _session: SMTPServerSession, callback) {
      const to = address.address.toLowerCase();
      if (stall.delete(to)) {
        stalled += 1;
        held.push(() => callback());
        return;
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          headers: parseHeaders(raw),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString("latin1")),
          at: new Date(),
        });
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        if (hold && (hold.to === null || to.includes(hold.to))) {
          hold = null;
          held.push(() => callback());
          return;
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    get attempts() {
      return attempts;
    },
    refuseNext(count, code = 451) {
      refuse = { count, code };
    },
    get stalled() {
      return stalled;
    },
    holdNext(to) {
      hold = { to: to ? to.toLowerCase() : null };
    },
    stallNext(to) {
      stall.add(to.toLowerCase());
    },
    release() {
      for (const go of held) go();
      held = [];
    },
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) throw new Error(`fake SMTP: timed out; received ${received.length}: ${received.map((r) => `${r.to.join(",")} ${r.headers.subject}`).join("; ")}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return received;
    },
    to(address) {
      return received.filter((r) => r.to.includes(address.toLowerCase()));
    },
    close: () =>
      new Promise<void>((resolve) => {
        held = [];
        stall.clear();
        server.close(() => resolve());
      }),
  };
}

/** The first link in an email that starts with `prefix` (e.g. "http://akoko.test/reset-password/"). */
export function linkIn(email: ReceivedEmail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m = new RegExp(`${escaped}[A-Za-z0-9._~%-]+(?:\\?[A-Za-z0-9._~%=&-]+)?`).exec(email.text);
  if (!m) throw new Error(`No link starting ${prefix} in:\n${email.text}`);
  return m[0];
}
