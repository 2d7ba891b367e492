import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { getEnv } from "~/lib/env.server";
import { FallbackWordsScript, useFallbackWords } from "~/catalog/fallback-words";
import { data } from "@remix-run/node";
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLoaderData, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { SiteFooter, SiteHeader } from "~/components/layout";
import { NoAccess, NotFound } from "~/components/status-pages";
import { FlashMessage } from "~/components/toast";
import { now } from "~/lib/clock.server";
import { useNonce } from "~/lib/nonce";
import { getUser, readFlash } from "~/auth/session.server";
import { Stylesheet, STYLESHEET_COOKIE, stylesheetVersion } from "~/lib/stylesheet";
import { localeOf, render, wordsFor } from "~/catalog/index.server";
import { htmlLang } from "~/catalog/format";
import { translatorOf, useT, type WithWords } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";

export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

/** Whether this browser was already sent the current stylesheet (see ~/lib/stylesheet). */
function hasStylesheet(request: Request): boolean {
  const cookie = request.headers.get("Cookie") ?? "";
  return new RegExp(`(?:^|;\\s*)${STYLESHEET_COOKIE}=([^;]*)`).exec(cookie)?.[1] === stylesheetVersion();
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { flash, setCookie }] = await Promise.all([getUser(request), readFlash(request)]);
  const inlineCss = !hasStylesheet(request);
  const locale = localeOf(request);
  // A flash names its message; it is rendered here, in the reader's language.
  const shown = flash && {
    ...flash,
    message: typeof flash.message === "string" ? flash.message : render(locale, flash.message),
    more: flash.more && render(locale, flash.more),
    link: flash.link && { href: flash.link.href, text: render(locale, flash.link.text) },
  };
  const headers = new Headers();
  if (setCookie) headers.append("Set-Cookie", setCookie);
  // A year: the stylesheet's name changes with every build, and the cookie with it.
  if (inlineCss) headers.append("Set-Cookie", `${STYLESHEET_COOKIE}=${stylesheetVersion()}; Path=/; Max-Age=31536000; SameSite=Lax${getEnv().cookieSecure ? "; Secure" : ""}`);
  return data(
    {
      user: user ? { fullName: user.fullName, isAdmin: user.isAdmin } : null,
      flash: shown,
      year: now().getUTCFullYear(),
      inlineCss,
      locale,
      words: wordsFor(locale, ["common"]),
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const t = useT();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const fallback = useFallbackWords();
  // Says, once React has taken the server's HTML over, that JavaScript now runs the page (the
  // browser tests wait on it instead of on a quiet network).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang={htmlLang(rootData?.locale ?? fallback?.locale ?? "en")}>
      <head>
        <meta charSet="utf-8" />
        <FallbackWordsScript nonce={nonce} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Stylesheet inline={rootData?.inlineCss ?? false} />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
          {t("common.skipToContent")}
        </a>
        <SiteHeader user={rootData?.user ?? null} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter year={rootData?.year ?? new Date().getUTCFullYear()} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { flash } = useLoaderData<typeof loader>();
  const handles = useMatches().map((m) => m.handle as { toastMs?: number; placesFlash?: boolean } | undefined);
  // A route may set how long its messages stay (`handle.toastMs`; admin pages: 4 s).
  const toastMs = handles
    .map((h) => h?.toastMs)
    .filter((ms) => ms !== undefined)
    .pop();
  // A message whose redirect returned to a row or card is shown there by pages that say they do so.
  const placedByPage = Boolean(flash?.anchor) && handles.some((h) => h?.placesFlash);
  return (
    <>
      {flash && !placedByPage ? (
        <div className="container-page pt-4">
          <FlashMessage key={`${flash.kind}:${flash.message}`} flash={flash} durationMs={toastMs} />
        </div>
      ) : null}
      <Outlet />
    </>
  );
}

/** Pages name themselves; an error page rendered here still gets a title, from the root's words (the brand alone when its loader failed). */
export const meta: MetaFunction<typeof loader> = ({ error, data }) => {
  if (!error) return [];
  const shipped = data as WithWords;
  if (!shipped?.words) return [{ title: PRODUCT_NAME }];
  const t = translatorOf(shipped);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = status === 404 ? t("common.notFound.title") : status === 403 ? t("common.noAccess.short") : t("common.error.title");
  return [{ title: t("common.pageTitle", { title, brand: PRODUCT_NAME }) }];
};

export function ErrorBoundary() {
  const error = useRouteError();
  const t = useT();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRouteErrorResponse(error) && error.status === 403) return <NoAccess />;
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{t("common.error.title")}</h1>
      <p className="mt-2 text-stone-600">{t("common.error.body")}</p>
      <Link to="/" className="btn-primary mt-6">
        {t("common.goHome")}
      </Link>
    </section>
  );
}
