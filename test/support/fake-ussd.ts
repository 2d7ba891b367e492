import { gsm7Length } from "~/domain/notices";

/**
 * What the two fake USSD gateways (fake-ussd-africastalking.ts, fake-ussd-hubtel.ts) share: the
 * API a test drives a session with, and the check every screen they receive must pass: at most
 * 182 characters of the GSM-7 alphabet, what a phone shows as one USSD page.
 *
 *   const at = new FakeAfricasTalking(`${server.url}/ussd/africastalking/${secret}`);
 *   await at.dial("+233241234567");   // the first screen: at.screen, at.ended
 *   await at.send("1");               // the caller types 1
 *   await at.repeat();                // the gateway sends its last request again
 */
export interface FakeUssdGateway {
  /** Which gateway this fake is. */
  readonly name: "africastalking" | "hubtel";
  /** The screen on the phone now (its text, without the gateway's CON/END or JSON around it). */
  readonly screen: string;
  /** Whether the last answer ended the session. */
  readonly ended: boolean;
  /** Every screen this fake received, in order, across its sessions. */
  readonly screens: string[];
  /** Opens a new session from `phone` (+233... form; each gateway sends it its own way). */
  dial(phone: string): Promise<string>;
  /** The caller types `input` and presses send. */
  send(input: string): Promise<string>;
  /** The gateway sends its last request again (a retry after a lost answer), as it was. */
  repeat(): Promise<string>;
  /**
   * A request of this session naming another number (`phone`): the next input, or without `input`
   * the last request again. Its answer is returned (and checked, and kept in `screens`); the
   * session's own requests go on from where they were, as if it never came.
   */
  sendFrom(phone: string, input?: string): Promise<{ screen: string; ended: boolean }>;
  /** The last request as sent, to send it several times at once. */
  post(): Promise<{ screen: string; ended: boolean }>;
}

export const USSD_SCREEN_MAX = 182;

/** A screen as a phone shows it: refused (thrown) when it is not GSM-7 or longer than a USSD page. */
export function checkedScreen(text: string, where: string): string {
  const length = gsm7Length(text);
  if (length === null) throw new Error(`${where}: the screen is not in the GSM-7 alphabet: ${JSON.stringify(text)}`);
  if (length > USSD_SCREEN_MAX) throw new Error(`${where}: the screen takes ${length} characters, more than ${USSD_SCREEN_MAX}: ${JSON.stringify(text)}`);
  return text;
}

let sessions = 0;
/** A session id the way gateways make them: unique, opaque. */
export function newSessionId(prefix: string): string {
  sessions += 1;
  return `${prefix}${process.pid}${Date.now().toString(36)}${sessions}`;
}
