import { msg } from "~/catalog/ref";
import type { MessageRef } from "~/catalog/format";
import { createCookie, createCookieSessionStorage, redirect } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";
import { clientIp, HttpError } from "~/lib/http.server";
import { getSessionByToken, type User } from "~/models/user.server";
import { lastSeenIsStale, touchSession, type SessionKind, type SessionMeta } from "~/models/sessions.server";
import { noteUserId } from "~/lib/request-context.server";
import { adminSecondFactorGap } from "~/auth/two-factor.server";

const THIRTY_DAYS = 30 * 24 * 3600;

let sessionCookie: ReturnType<typeof createCookie> | undefined;
function getSessionCookie() {
  const env = getEnv();
  sessionCookie ??= createCookie("akoko_session", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.cookieSecure,
    path: "/",
    maxAge: THIRTY_DAYS,
    secrets: [env.SESSION_SECRET],
  });
  return sessionCookie;
}

type FlashData = { toast: StoredFlash };
let flashStorage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, FlashData>> | undefined;
function getFlashStorage() {
  const env = getEnv();
  flashStorage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: { name: "akoko_flash", httpOnly: true, sameSite: "lax", secure: env.cookieSecure, path: "/", secrets: [env.SESSION_SECRET] },
  });
  return flashStorage;
}

/**
 * `anchor`: the id of the row or card the redirect returns to (its #fragment), where the page shows the message.
 * `more`: a sentence after the message (a reference, when money arrives); `link`: where to read the rest (a receipt).
 */
export type Flash = { kind: "success" | "error"; message: string; anchor?: string; more?: string; link?: { href: string; text: string } };
/**
 * A flash as a redirect stores it: its message a catalog message (rendered by the root loader in the
 * reader's language), or, not yet moved to the catalog, English text.
 */
export type StoredFlash = Omit<Flash, "message" | "more" | "link"> & { message: string | MessageRef; more?: MessageRef; link?: { href: string; text: MessageRef } };

/** Set-Cookie value carrying a one-time toast to the next page. */
export async function flashCookie(flash: StoredFlash): Promise<string> {
  const storage = getFlashStorage();
  const session = await storage.getSession();
  session.flash("toast", flash);
  return storage.commitSession(session);
}

/** Reads and clears the toast; the returned header must go out with the response. */
export async function readFlash(request: Request): Promise<{ flash: StoredFlash | null; setCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes("akoko_flash")) return { flash: null, setCookie: null };
  const storage = getFlashStorage();
  const session = await storage.getSession(cookieHeader);
  const flash = session.get("toast") ?? null;
  return { flash, setCookie: await storage.commitSession(session) };
}

export async function redirectWithFlash(to: string, flash: StoredFlash, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  const anchor = /#([A-Za-z][\w-]*)$/.exec(to)?.[1];
  headers.append("Set-Cookie", await flashCookie(anchor ? { ...flash, anchor } : flash));
  return redirect(to, { headers });
}

async function tokenFromRequest(request: Request): Promise<string | null> {
  const authorization = request.headers.get("Authorization");
  if (authorization?.toLowerCase().startsWith("bearer ")) return authorization.slice(7).trim() || null;
  const value = await getSessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** The token this request is signed in with (cookie or bearer), e.g. the session a password change keeps. */
export function sessionTokenOf(request: Request): Promise<string | null> {
  return tokenFromRequest(request);
}

type SignedInSession = { user: User; sessionId: number; secondFactor: boolean };
const userCache = new WeakMap<Request, Promise<SignedInSession | null>>();

/** The address as the rate limiter sees it (clientIp), or null when the server could not tell. */
function addressOf(request: Request): string | null {
  const ip = clientIp(request);
  return ip === "unknown" ? null : ip;
}

/** What a signing-in request says about itself, for the sessions list (issue 20). */
export function sessionMetaOf(request: Request, kind: SessionKind): SessionMeta {
  return { kind, userAgent: request.headers.get("User-Agent"), ip: addressOf(request) };
}

function sessionOf(request: Request) {
  let cached = userCache.get(request);
  if (!cached) {
    cached = tokenFromRequest(request).then((token) => {
      const found = token ? getSessionByToken(token) : undefined;
      if (!found) return null;
      noteUserId(found.user.id);
      // At most one write a minute per session: most requests only read.
      if (lastSeenIsStale(found.lastSeenAt)) touchSession(found.sessionId, addressOf(request));
      return { user: found.user, sessionId: found.sessionId, secondFactor: found.secondFactor };
    });
    userCache.set(request, cached);
  }
  return cached;
}

/** The signed-in user from the bearer token or the session cookie, or null. */
export async function getUser(request: Request): Promise<User | null> {
  return (await sessionOf(request))?.user ?? null;
}

/** The id of the session (cookie or bearer) this request is signed in with, or null. */
export async function currentSessionId(request: Request): Promise<number | null> {
  return (await sessionOf(request))?.sessionId ?? null;
}

function loginRedirect(request: Request) {
  const url = new URL(request.url);
  const redirectTo = `${url.pathname}${url.search}`;
  return redirect(`/login?${new URLSearchParams({ redirectTo })}`);
}

/** Where an admin who must turn on two factors is sent (issue 20): the only page such an admin may use. */
export const TWO_FACTOR_ENROLMENT_PATH = "/account/two-factor";

type Guard = { /** The enrolment page and API: reachable by an admin who still has to enrol. */ enrolling?: boolean };

/** Whether the request's session passed the second factor (issue 26: two factors belong to the session). */
export async function sessionPassedSecondFactor(request: Request): Promise<boolean> {
  return (await sessionOf(request))?.secondFactor ?? false;
}

/**
 * For pages: no user -> redirect to /login and back. An admin whose session lacks the second factor
 * (adminSecondFactorGap) is sent to the two-factor page, which says what to do.
 */
export async function requireUser(request: Request, { enrolling = false }: Guard = {}): Promise<User> {
  const session = await sessionOf(request);
  if (!session) throw loginRedirect(request);
  if (!enrolling && adminSecondFactorGap(session.user, session.secondFactor)) throw redirect(TWO_FACTOR_ENROLMENT_PATH);
  return session.user;
}

/** For pages: non-admins get a 403 page. */
export async function requireAdmin(request: Request): Promise<User> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw new Response("Admins only.", { status: 403, statusText: "Forbidden" });
  return user;
}

/** For /api/v1: 401 {"detail"} without a valid token; 403 for an admin whose session lacks the second factor. */
export async function requireApiUser(request: Request, { enrolling = false }: Guard = {}): Promise<User> {
  const session = await sessionOf(request);
  if (!session) throw new HttpError(401, msg("api.notAuthenticated"));
  const gap = enrolling ? null : adminSecondFactorGap(session.user, session.secondFactor);
  if (gap) throw new HttpError(403, gap === "enrol" ? msg("api.enrolFirst") : msg("api.signInWithCode"));
  return session.user;
}

export async function requireApiAdmin(request: Request): Promise<User> {
  const user = await requireApiUser(request);
  if (!user.isAdmin) throw new HttpError(403, msg("api.adminOnly"));
  return user;
}

/** The Set-Cookie header that carries a browser session's token (the sign-in commands make the session). */
export function sessionCookieFor(token: string): Promise<string> {
  return getSessionCookie().serialize(token);
}

/** A Set-Cookie that clears the session cookie (after signing out or closing the account). */
export function clearedSessionCookie(): Promise<string> {
  return getSessionCookie().serialize("", { maxAge: 0 });
}
