import fs from "node:fs";
import path from "node:path";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "~/lib/nonce";
import { FallbackWordsProvider } from "~/catalog/fallback-words";
import { localeOf, wordsFor } from "~/catalog/index.server";
import type { WithWords } from "~/catalog/use-words";
import { CssTextProvider, stylesheetHref } from "~/lib/stylesheet";
import { getUser } from "~/auth/session.server";
import { linkedLanguageCookie } from "~/auth/language-cookie.server";
import { errorField, hideLinkTokens, logger } from "~/lib/logger.server";
import { methodNotAllowed } from "~/lib/http.server";

export { closeDb } from "~/lib/db.server";
// `npm run bench` and `npm run load` reach the measured server's database as the app does, on either engine.
export { openSqlClient } from "~/lib/db.server";
export { initDatabase } from "~/seed/seed.server";
// `npm run seed` and `npm run db:copy` name a database without its password; db:copy moves SQLite to PostgreSQL.
// `npm run db:backup` reads DATABASE_URL as the app does (a PostgreSQL URL it refuses).
export { databaseUrlForDisplay, engineOf, sqliteFileOf } from "~/lib/database-url.server";
export { copySqliteToPostgres, CopyStopped } from "~/models/db-copy.server";
// The outbox worker (issue 16): scripts/server.js starts it after initDatabase and stops it on SIGTERM.
export { startOutboxWorker, stopOutboxWorker } from "~/models/outbox.server";
// scripts/server.js reads TRUST_PROXY and COOKIE_SECURE (HSTS) from the checked environment.
export { getEnv } from "~/lib/env.server";
export { requestContext } from "~/lib/request-context.server";
export { canonicalRequestTarget, requestGate } from "~/lib/request-gates";
// One logger and the request metrics for scripts/server.js's request lines.
export { logger, hideLinkTokens } from "~/lib/logger.server";
export { observeRequest, startClusterMetrics } from "~/lib/metrics.server";
// Background work scripts/server.js starts after the database is ready, and `npm run reconcile`.
export { startPaymentsSweep } from "~/models/payment-events.server";
export { startKycImagePurge } from "~/models/kyc.server";
export { reconcileDay } from "~/models/reconciliation.server";
// The Content-Security-Policy lets a deposit form end on the provider's hosted checkout.
export { formActionOrigins } from "~/pages/payments.server";

const ABORT_DELAY = 5_000;

let css: string | undefined;
/** The built stylesheet's text, read once, for pages that inline it (~/lib/stylesheet). */
function cssText(): string {
  css ??= fs.readFileSync(path.join(process.cwd(), "public", stylesheetHref), "utf8").replace(/\/\*# sourceMappingURL=.*?\*\/\s*$/, "");
  return css;
}

/**
 * Renders the whole page, then sends it as one body. Nothing here streams (no defer/Suspense), and
 * one body lets the gzip layer compress the page as a whole: flushed in React's small chunks, the
 * home page went over the wire at 15 KB instead of 9 KB.
 */
export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  if (postedToPageWithoutForm(remixContext)) return methodNotAllowed(request, "GET");
  await markPrivate(request, responseHeaders);
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  return new Promise((resolve, reject) => {
    let rendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <CssTextProvider value={cssText()}>
          <FallbackWordsProvider value={fallbackWords(request, remixContext)}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </FallbackWordsProvider>
        </CssTextProvider>
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          rendered = true;
          clearTimeout(abortTimer);
          pipe(
            pageCollector((body) => {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (rendered) logger.error({ err: errorField(error) }, "render failed");
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * What React writes a finished page into: its pieces, joined once React ends it. A stream here (a
 * PassThrough, with an event per 2 KB piece) cost a page more CPU than anything it did: nothing is
 * sent before the end anyway (measured with `npm run bench`).
 */
function pageCollector(done: (body: ReturnType<typeof Buffer.concat>) => void): NodeJS.WritableStream {
  const pieces: Uint8Array[] = [];
  const collector = {
    write(piece: Uint8Array) {
      pieces.push(piece);
      return true;
    },
    end() {
      done(Buffer.concat(pieces));
    },
    // React listens for drain, error and close; nothing here ever emits them.
    on() {
      return collector;
    },
  };
  return collector as unknown as NodeJS.WritableStream;
}

/** The reader's common words when the root loader did not run (an action's fault on the root's error page), else none. */
function fallbackWords(request: Request, context: EntryContext): WithWords {
  if ((context.staticHandlerContext.loaderData?.root as WithWords)?.words) return undefined;
  const locale = localeOf(request);
  return { locale, words: wordsFor(locale, ["common"]) };
}

/**
 * A page or its data rendered for a signed-in user (a wallet, holdings, their name in the header)
 * must not be kept by the browser's or any shared cache. Anonymous public pages may be, once per
 * language: the words follow the `lang` cookie, else Accept-Language. A page that keeps the language
 * its link named (linkedLanguageCookie) sets a cookie: private too.
 */
async function markPrivate(request: Request, headers: Headers) {
  headers.append("Vary", "Cookie, Accept-Language");
  const language = linkedLanguageCookie(request);
  if (language) headers.append("Set-Cookie", language);
  if (language || (await getUser(request))) headers.set("Cache-Control", "private, no-store");
}

/**
 * A form posted to a page that has no action: Remix's answer is a 405 error page, without the
 * `Allow` header. Ours is the 405 every other method a route does not take gets (scripts/server.js,
 * the API routes): `{"detail"}` in the reader's language, naming GET and HEAD.
 */
function postedToPageWithoutForm(context: EntryContext): boolean {
  return Object.values(context.staticHandlerContext.errors ?? {}).some((error) => isRouteErrorResponse(error) && error.status === 405);
}

/** The JSON behind client-side navigation: the same rules as the page. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  // Only Remix answers a POST with 405 (to a page without an action): see postedToPageWithoutForm.
  if (request.method === "POST" && response.status === 405) return methodNotAllowed(request, "GET");
  await markPrivate(request, response.headers);
  return response;
};

/** How Remix's warning about a `?_data` request begins (@remix-run/server-runtime, with single fetch on). */
const OLD_DATA_PROTOCOL_WARNING = "Warning: Single fetch-enabled apps should not be making ?_data requests";

/** Unexpected errors are logged on the server; the browser only gets the friendly page. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // Remix's own refusals (a form posted to a page without an action, a `_data` naming no route) are
  // the client's mistake, answered with a 4xx: nothing failed, and anyone could fill the log with them.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // A request in Remix's old data protocol (`?_data`), which this app's pages never make: Remix warns
  // through here, though nothing failed (anyone could fill the log with them too).
  if (error instanceof Error && error.message.startsWith(OLD_DATA_PROTOCOL_WARNING)) return;
  // Remix's own errors carry the Error that says what happened (logged as it is, the object said "[object Object]").
  const cause = isRouteErrorResponse(error) ? ((error as { error?: unknown }).error ?? `${error.status} ${error.statusText}`) : error;
  logger.error({ path: hideLinkTokens(new URL(request.url).pathname), err: errorField(cause) }, "request failed");
}
