import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { languageOf, type Language } from "~/catalog/languages";
import { getDb } from "~/lib/db.server";
import { atomic } from "~/models/ledger.server";
import { users, ussdSessions, type UssdGateway } from "~/models/schema.server";

/**
 * USSD sessions (issue 31), one row per session a gateway opened, so that any worker process can
 * answer its next request. What a request gets (a repeat, a timeout, a claim) is decided by
 * app/ussd/engine.server.ts inside `ussdTransaction`; this module reads and writes the rows.
 */

export type UssdSessionRow = typeof ussdSessions.$inferSelect;

/** How long a row is kept after its last request: long enough to read a day's sessions back, no longer (they hold phone numbers). */
const KEEP_MS = 24 * 3600 * 1000;

/** One write transaction (BEGIN IMMEDIATE): workers answering the same session take turns. */
export function ussdTransaction<T>(fn: () => T): T {
  return atomic(fn);
}

export function findUssdSession(gateway: UssdGateway, gatewaySessionId: string): UssdSessionRow | undefined {
  return getDb()
    .select()
    .from(ussdSessions)
    .where(and(eq(ussdSessions.gateway, gateway), eq(ussdSessions.gatewaySessionId, gatewaySessionId)))
    .get();
}

/** A new session's row, its first request claimed; sessions older than a day are deleted on the way. */
export function openUssdSession(row: {
  gateway: UssdGateway;
  gatewaySessionId: string;
  phone: string;
  userId: number | null;
  language: Language;
  state: string;
  claim: string;
  claimUntil: string;
  at: string;
}): UssdSessionRow {
  const db = getDb();
  db.delete(ussdSessions)
    .where(lt(ussdSessions.updatedAt, new Date(Date.parse(row.at) - KEEP_MS).toISOString()))
    .run();
  const { at, ...values } = row;
  return db
    .insert(ussdSessions)
    .values({ ...values, createdAt: at, updatedAt: at })
    .returning()
    .get();
}

/** Claims the session's next request for one worker (the claim names the request and the worker's nonce). */
export function claimUssdSession(id: number, claim: string, claimUntil: string): void {
  getDb().update(ussdSessions).set({ claim, claimUntil }).where(eq(ussdSessions.id, id)).run();
}

/**
 * Stores the answer to a request: where the caller is now, the request's key and the screen given
 * (a repeat gets it again), and when the session ended (an END screen). Only the claim's holder
 * stores (`claim`; null: an answer decided inside the transaction that read the row, which holds
 * the write lock); false when another worker took an expired claim over meanwhile.
 */
export function storeUssdAnswer(id: number, claim: string | null, answer: { state: string; language: Language; request: string; screen: string; ended: boolean; at: string }): boolean {
  const result = getDb()
    .update(ussdSessions)
    .set({
      state: answer.state,
      language: answer.language,
      lastRequest: answer.request,
      lastAnswer: answer.screen,
      endedAt: answer.ended ? answer.at : null,
      claim: null,
      claimUntil: null,
      updatedAt: answer.at,
    })
    .where(claim === null ? eq(ussdSessions.id, id) : and(eq(ussdSessions.id, id), eq(ussdSessions.claim, claim)))
    .run();
  return result.changes === 1;
}

/** Gives up a claim whose request could not be answered (nothing stored: the request may be sent again). */
export function releaseUssdClaim(id: number, claim: string): void {
  getDb()
    .update(ussdSessions)
    .set({ claim: null, claimUntil: null })
    .where(and(eq(ussdSessions.id, id), eq(ussdSessions.claim, claim)))
    .run();
}

/**
 * How many open accounts hold the number: with it confirmed (more than one: the number names nobody,
 * findUserByConfirmedPhone's null), and at all (a number any account holds cannot register again).
 */
export function accountsWithPhone(phone: string): { confirmed: number; held: number } {
  const row = getDb()
    .select({ held: sql<number>`count(*)`, confirmed: sql<number>`count(${users.phoneVerifiedAt})` })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.closedAt)))
    .get();
  return { confirmed: Number(row?.confirmed ?? 0), held: Number(row?.held ?? 0) };
}

/**
 * The language the open accounts that hold the number chose (English for one that chose none), when
 * they agree; English when none holds it or they differ. What a caller no account answers to is told in.
 */
export function holdersLanguage(phone: string): Language {
  const chosen = getDb()
    .selectDistinct({ locale: users.locale })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.closedAt)))
    .all()
    .map((r) => languageOf(r.locale) ?? "en");
  const languages = new Set(chosen);
  return languages.size === 1 ? chosen[0] : "en";
}
