import { createHmac, randomBytes } from "node:crypto";
import { languageOf } from "~/catalog/languages";
import { findUserByConfirmedPhone } from "~/commands/pin.server";
import { normalizeGhanaPhone } from "~/domain/kyc";
import { maskPhone } from "~/domain/notices";
import { now } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { errorField, logger } from "~/lib/logger.server";
import { chosenLanguage } from "~/models/messages.server";
import type { UssdGateway } from "~/models/schema.server";
import { accountsWithPhone, claimUssdSession, findUssdSession, holdersLanguage, openUssdSession, storeUssdAnswer, ussdTransaction, type UssdSessionRow } from "~/models/ussd-sessions.server";
import { advance, closing, show, type MenuContext, type Step } from "~/ussd/menus.server";
import type { Screen } from "~/ussd/screen";
import { readState, type Network, type UssdState } from "~/ussd/state";

/**
 * A USSD request answered, whichever gateway brought it (app/ussd/gateways.server.ts reads each
 * one's wire format into a UssdRequest). The session lives in the database (ussd_sessions), so any
 * worker process answers any request:
 *
 * - A session is opened by its first request, for the account whose confirmed phone dials (in
 *   its language), or for a number no account holds (in English). An admin's number gets an END
 *   screen: admins use the website, with two factors.
 * - A session is the number's that opened it: a request of the session naming another number
 *   reaches none of it (an END screen in that number's own language; the row is untouched).
 * - A request with the key of the last one answered is the gateway repeating itself (a lost
 *   answer, a retry): it gets the same screen again and nothing runs. The row keeps the key's
 *   HMAC, not the key: Africa's Talking's key is every input of the session, PINs included.
 * - After USSD_SESSION_SECONDS without a request, the next one gets a closing screen saying the
 *   session timed out, and starts nothing; an ended session answers its last screen to anything.
 * - One request at a time per session: a worker claims the request (a nonce, for CLAIM_SECONDS)
 *   in the same transaction that read the row; the same request at another worker meanwhile waits
 *   for the answer and gets it. A screen may run a command (and, with the PIN, an async one):
 *   the claim is held while it runs, outside any transaction.
 */
export const USSD_SESSION_SECONDS = 180;
const CLAIM_SECONDS = 10;
const WAIT_STEP_MS = 20;

export type UssdRequest = {
  gateway: UssdGateway;
  /** The gateway's id for the session. */
  sessionId: string;
  /** The number that dials, as the gateway gives it (+233..., 233...). */
  phone: string;
  /** What makes the request this one in its session: Africa's Talking's whole `text`, Hubtel's `Sequence`. */
  key: string;
  /** start: the session's first request (Hubtel's Initiation); release, timeout: the gateway ended it (Hubtel). */
  event: "start" | "input" | "release" | "timeout";
  /** The mobile network the caller is on, as the gateway says (null: it did not, or one without mobile money here). */
  network: Network | null;
  /**
   * What the caller typed, given a test of whether a key was the last request's (Africa's Talking
   * sends every input so far: the new one follows the last request's text); null before any answer.
   */
  input: (wasLast: ((key: string) => boolean) | null) => string;
};

type Turn =
  { kind: "answered"; screen: Screen } | { kind: "busy" } | { kind: "claimed"; row: UssdSessionRow; claim: string; fresh: boolean } | { kind: "otherNumber"; row: UssdSessionRow; phone: string };

const storedScreen = (row: UssdSessionRow): Screen | null => (row.lastAnswer ? (JSON.parse(row.lastAnswer) as Screen) : null);

/** The site's address as a screen names it ("akoko.example"). */
const site = () => new URL(getEnv().appUrl).host;

/**
 * What the row keeps of a request's key, and what a command's idempotency key is made from: an HMAC
 * under SESSION_SECRET, so neither the session's row nor the stored key gives back what was typed
 * (a 4-digit PIN in Africa's Talking's text would fall to a plain hash at once).
 */
const keyDigest = (key: string) => createHmac("sha256", getEnv().SESSION_SECRET).update(`ussd-request:${key}`).digest("hex");

/** The state a new session starts in, for the number that dials, and whose session it is. */
function opening(phone: string): { state: UssdState; userId: number | null; language: ReturnType<typeof chosenLanguage> } {
  const user = findUserByConfirmedPhone(phone);
  if (user) return { state: user.isAdmin ? { at: "adminNumber" } : { at: "main" }, userId: user.isAdmin ? null : user.id, language: chosenLanguage(user.id) };
  // A number accounts hold (unconfirmed, or confirmed by more than one) is told so in the language they chose.
  const { confirmed, held } = accountsWithPhone(phone);
  return { state: confirmed > 1 ? { at: "sharedNumber" } : { at: "newcomer" }, userId: null, language: held > 0 ? holdersLanguage(phone) : null };
}

/** What the request gets, decided in one write transaction with the session's row: an answer now, a wait, or the claim to compute one. */
function takeTurn(request: UssdRequest, at: Date): Turn {
  return ussdTransaction((): Turn => {
    const iso = at.toISOString();
    const claim = randomBytes(9).toString("base64url");
    const claimUntil = new Date(at.getTime() + CLAIM_SECONDS * 1000).toISOString();
    const phone = normalizeGhanaPhone(request.phone) ?? request.phone.slice(0, 32);
    const row = findUssdSession(request.gateway, request.sessionId);
    if (!row) {
      // The gateway closing a session we never saw: nothing to keep.
      if (request.event === "release") return { kind: "answered", screen: closing("en", "goodbye") };
      if (request.event === "timeout") return { kind: "answered", screen: closing("en", "timedOut") };
      const { state, userId, language } = opening(phone);
      const opened = openUssdSession({
        gateway: request.gateway,
        gatewaySessionId: request.sessionId,
        phone,
        userId,
        language: language ?? "en",
        state: JSON.stringify(state),
        claim,
        claimUntil,
        at: iso,
      });
      return { kind: "claimed", row: opened, claim, fresh: true };
    }
    // A session is its number's: another number's request reaches none of it (its screens, its account, its language).
    if (row.phone !== phone) return { kind: "otherNumber", row, phone };
    const stored = storedScreen(row);
    if (stored && (row.endedAt !== null || row.lastRequest === keyDigest(request.key))) return { kind: "answered", screen: stored };
    if (row.claim !== null && row.claimUntil !== null && row.claimUntil > iso) return { kind: "busy" };
    const locale = languageOf(row.language) ?? "en";
    const idleMs = at.getTime() - Date.parse(row.updatedAt);
    const ending = idleMs > USSD_SESSION_SECONDS * 1000 || request.event === "timeout" ? "timedOut" : request.event === "release" ? "goodbye" : null;
    if (ending) {
      const screen = closing(locale, ending);
      storeUssdAnswer(row.id, null, { state: row.state, language: locale, request: keyDigest(request.key), screen: JSON.stringify(screen), ended: true, at: iso });
      return { kind: "answered", screen };
    }
    claimUssdSession(row.id, claim, claimUntil);
    return { kind: "claimed", row, claim, fresh: false };
  });
}

/** The screen for the claimed request, stored with the state it leaves the caller in. */
async function answerClaimed(request: UssdRequest, { row, claim, fresh }: Extract<Turn, { kind: "claimed" }>): Promise<Screen> {
  const ctx: MenuContext = {
    actor: row.userId === null ? null : { id: row.userId },
    locale: languageOf(row.language) ?? "en",
    site: site(),
    // The same for the same request (a repeat replays a command), another for the next.
    commandKey: `ussd.${row.id}.${keyDigest(request.key).slice(0, 32)}`,
    phone: row.phone,
    network: request.network,
  };
  const state = readState(row.state);
  const last = row.lastRequest;
  const wasLast = last === null ? null : (key: string) => keyDigest(key) === last;
  let step: Step;
  try {
    step = fresh || request.event === "start" ? show(ctx, state) : await advance(ctx, state, request.input(wasLast));
  } catch (error) {
    // A bug or a fault below (the database): the session ends with a screen saying so; the log has why.
    logger.error({ err: errorField(error), gateway: request.gateway, screen: state.at }, "USSD screen failed");
    step = { screen: closing(ctx.locale, "fault"), state };
  }
  const at = now().toISOString();
  storeUssdAnswer(row.id, claim, {
    state: JSON.stringify(step.state),
    language: ctx.locale,
    request: keyDigest(request.key),
    screen: JSON.stringify(step.screen),
    ended: step.screen.input === null,
    at,
  });
  return step.screen;
}

/**
 * A request naming another number than the session's (the session's row untouched): an END screen
 * in that number's account's language (English for a number no one account holds), and a warning
 * whose numbers are masked.
 */
function refuseOtherNumber(request: UssdRequest, { row, phone }: Extract<Turn, { kind: "otherNumber" }>): Screen {
  logger.warn({ gateway: request.gateway, session: row.id, caller: maskPhone(phone), owner: maskPhone(row.phone) }, "USSD request refused: another number than the session's");
  const user = findUserByConfirmedPhone(phone);
  return closing((user && chosenLanguage(user.id)) ?? "en", "otherNumber");
}

/** The screen for a gateway's request (see above). */
export async function answerUssd(request: UssdRequest): Promise<Screen> {
  const giveUpAt = Date.now() + (CLAIM_SECONDS + 2) * 1000;
  for (;;) {
    const turn = takeTurn(request, now());
    if (turn.kind === "answered") return turn.screen;
    if (turn.kind === "claimed") return answerClaimed(request, turn);
    if (turn.kind === "otherNumber") return refuseOtherNumber(request, turn);
    // Another worker is answering this session's request: its answer is this one's, once stored.
    if (Date.now() > giveUpAt) return closing("en", "fault");
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}
