import { createHash, randomBytes } from "node:crypto";
import { languageOf } from "~/catalog/languages";
import { normalizeGhanaPhone } from "~/domain/kyc";
import { now } from "~/lib/clock.server";
import { getEnv } from "~/lib/env.server";
import { errorField, logger } from "~/lib/logger.server";
import type { UssdGateway } from "~/models/schema.server";
import { claimUssdSession, findUssdSession, openUssdSession, storeUssdAnswer, ussdCaller, ussdTransaction, type UssdSessionRow } from "~/models/ussd-sessions.server";
import { advance, closing, show, type MenuContext, type Step } from "~/ussd/menus.server";
import type { Screen } from "~/ussd/screen";
import { readState, type UssdState } from "~/ussd/state";

/**
 * A USSD request answered, whichever gateway brought it (app/ussd/gateways.server.ts reads each
 * one's wire format into a UssdRequest). The session lives in the database (ussd_sessions), so any
 * worker process answers any request:
 *
 * - A session is opened by its first request, for the account whose confirmed phone dials (in
 *   its language), or for a number no account holds (in English).
 * - A request with the key of the last one answered is the gateway repeating itself (a lost
 *   answer, a retry): it gets the same screen again and nothing runs.
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
  /** What the caller typed, given the key of the last request answered (Africa's Talking sends every input so far). */
  input: (lastKey: string | null) => string;
};

type Turn = { kind: "answered"; screen: Screen } | { kind: "busy" } | { kind: "claimed"; row: UssdSessionRow; claim: string; fresh: boolean };

const storedScreen = (row: UssdSessionRow): Screen | null => (row.lastAnswer ? (JSON.parse(row.lastAnswer) as Screen) : null);

/** The site's address as a screen names it ("akoko.example"). */
const site = () => new URL(getEnv().appUrl).host;

/** What the request gets, decided in one write transaction with the session's row: an answer now, a wait, or the claim to compute one. */
function takeTurn(request: UssdRequest, at: Date): Turn {
  return ussdTransaction((): Turn => {
    const iso = at.toISOString();
    const claim = randomBytes(9).toString("base64url");
    const claimUntil = new Date(at.getTime() + CLAIM_SECONDS * 1000).toISOString();
    const row = findUssdSession(request.gateway, request.sessionId);
    if (!row) {
      // The gateway closing a session we never saw: nothing to keep.
      if (request.event === "release") return { kind: "answered", screen: closing("en", "goodbye") };
      if (request.event === "timeout") return { kind: "answered", screen: closing("en", "timedOut") };
      const phone = normalizeGhanaPhone(request.phone) ?? request.phone.slice(0, 32);
      const caller = ussdCaller(phone);
      const state: UssdState = caller.kind === "account" ? { at: "main" } : caller.kind === "shared" ? { at: "sharedNumber" } : { at: "newcomer" };
      const opened = openUssdSession({
        gateway: request.gateway,
        gatewaySessionId: request.sessionId,
        phone,
        userId: caller.kind === "account" ? caller.userId : null,
        language: caller.kind === "account" ? caller.language : "en",
        state: JSON.stringify(state),
        claim,
        claimUntil,
        at: iso,
      });
      return { kind: "claimed", row: opened, claim, fresh: true };
    }
    const stored = storedScreen(row);
    if (stored && (row.endedAt !== null || row.lastRequest === request.key)) return { kind: "answered", screen: stored };
    if (row.claim !== null && row.claimUntil !== null && row.claimUntil > iso) return { kind: "busy" };
    const locale = languageOf(row.language) ?? "en";
    const idleMs = at.getTime() - Date.parse(row.updatedAt);
    const ending = idleMs > USSD_SESSION_SECONDS * 1000 || request.event === "timeout" ? "timedOut" : request.event === "release" ? "goodbye" : null;
    if (ending) {
      const screen = closing(locale, ending);
      storeUssdAnswer(row.id, null, { state: row.state, language: locale, request: request.key, screen: JSON.stringify(screen), ended: true, at: iso });
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
    commandKey: `ussd.${row.id}.${createHash("sha256").update(request.key).digest("hex").slice(0, 32)}`,
  };
  const state = readState(row.state);
  let step: Step;
  try {
    step = fresh || request.event === "start" ? show(ctx, state) : await advance(ctx, state, request.input(row.lastRequest));
  } catch (error) {
    // A bug or a fault below (the database): the session ends with a screen saying so; the log has why.
    logger.error({ err: errorField(error), gateway: request.gateway, screen: state.at }, "USSD screen failed");
    step = { screen: closing(ctx.locale, "fault"), state };
  }
  const at = now().toISOString();
  storeUssdAnswer(row.id, claim, { state: JSON.stringify(step.state), language: ctx.locale, request: request.key, screen: JSON.stringify(step.screen), ended: step.screen.input === null, at });
  return step.screen;
}

/** The screen for a gateway's request (see above). */
export async function answerUssd(request: UssdRequest): Promise<Screen> {
  const giveUpAt = Date.now() + (CLAIM_SECONDS + 2) * 1000;
  for (;;) {
    const turn = takeTurn(request, now());
    if (turn.kind === "answered") return turn.screen;
    if (turn.kind === "claimed") return answerClaimed(request, turn);
    // Another worker is answering this session's request: its answer is this one's, once stored.
    if (Date.now() > giveUpAt) return closing("en", "fault");
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}
