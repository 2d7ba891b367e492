import { Form, Link, NavLink, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ChickIcon, PRODUCT_NAME } from "~/components/brand";
import { htmlLang, type Locale } from "~/catalog/format";
import { LANGUAGE_COOKIE, LANGUAGES } from "~/catalog/languages";
import { useT, type T } from "~/catalog/use-words";

export type HeaderUser = { fullName: string; isAdmin: boolean } | null;

function navItems(user: HeaderUser, t: T) {
  const items = [
    { to: "/how-it-works", label: t("common.nav.howItWorks") },
    { to: "/invest/eggs", label: t("common.nav.eggNotes") },
    { to: "/invest/chicken", label: t("common.nav.chickenNotes") },
    { to: "/faq", label: t("common.nav.faq") },
  ];
  if (user) items.push({ to: "/portfolio", label: t("common.nav.portfolio") }, { to: "/account", label: t("common.nav.account") });
  if (user?.isAdmin) items.push({ to: "/admin", label: t("common.nav.admin") });
  return items;
}

/**
 * English and Twi, each named as its own readers name it: a plain form (no JavaScript needed) that
 * keeps the choice and comes back to this same page. Each button is at least 44 x 44 px ("Twi" alone
 * is narrower): a thumb's size.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
  const t = useT();
  const location = useLocation();
  const current = useRouteLoaderData<{ locale?: Locale }>("root")?.locale ?? "en";
  return (
    <form method="post" action="/language" className={`flex items-center gap-1 ${className}`} aria-label={t("common.language.label")} data-testid="language-switch">
      <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="submit"
          name={LANGUAGE_COOKIE}
          value={language}
          lang={htmlLang(language)}
          aria-pressed={current === language}
          className={`min-h-11 min-w-11 rounded-md px-2 text-sm ${current === language ? "bg-brand-100 font-semibold text-stone-900" : "text-stone-700 underline hover:text-stone-900"}`}
        >
          {t(`common.language.${language}`)}
        </button>
      ))}
    </form>
  );
}

/** Logged out: Log in and Get started, in the header at every width (never only inside the menu). */
function GuestActions() {
  const t = useT();
  return (
    <div className="flex items-center gap-1.5">
      <Link to="/login" className="btn-secondary px-2.5">
        {t("common.logIn")}
      </Link>
      <Link to="/register" className="btn-primary px-2.5">
        {t("common.getStarted")}
      </Link>
    </div>
  );
}

function AccountArea({ user }: { user: NonNullable<HeaderUser> }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm text-stone-700">{t("common.greeting", { name: user.fullName.trim() || t("common.investor") })}</span>
      <Form method="post" action="/logout">
        <button type="submit" className="btn-secondary">
          {t("common.logOut")}
        </button>
      </Form>
    </div>
  );
}

/** Sticky header. On narrow screens the menu is a <details> disclosure: it opens without JavaScript. */
export function SiteHeader({ user }: { user: HeaderUser }) {
  const t = useT();
  const items = navItems(user, t);
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  // With JavaScript, pages change without a reload: close the menu after each navigation.
  useEffect(() => {
    menu.current?.removeAttribute("open");
  }, [location.key]);
  // Each link is a tap target of at least 44 px high (WCAG 2.5.8 asks for 24).
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 items-center rounded-md px-2 text-sm font-medium no-underline ${isActive ? "bg-brand-100 text-stone-900" : "text-stone-700 hover:text-stone-900"}`;
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="container-page flex items-center justify-between gap-2 py-2">
        <Link to="/" className="flex min-h-11 items-center gap-1.5 text-lg font-bold text-stone-900 no-underline" aria-label={t("common.brandHome", { brand: PRODUCT_NAME })}>
          <ChickIcon />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <nav aria-label={t("common.nav.main")} className="hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass} prefetch="intent">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-1.5">
          <LanguageSwitch className="hidden lg:flex" />
          {user ? (
            <div className="hidden lg:block">
              <AccountArea user={user} />
            </div>
          ) : (
            <GuestActions />
          )}
          <details ref={menu} className="group relative lg:hidden">
            <summary className="btn-secondary cursor-pointer list-none px-2.5" aria-label={t("common.nav.menu")}>
              {t("common.nav.menu")}
            </summary>
            <div className="absolute right-0 mt-2 w-64 rounded-xl border border-stone-200 bg-white p-3 shadow-lg">
              <nav aria-label={t("common.nav.mobile")} className="flex flex-col gap-1">
                <NavLink to="/" className={linkClass} end>
                  {t("common.nav.home")}
                </NavLink>
                {items.map((item) => (
                  <NavLink key={item.to} to={item.to} className={linkClass}>
                    {item.label}
                  </NavLink>
                ))}
              </nav>
              {user ? (
                <div className="mt-3 border-t border-stone-200 pt-3">
                  <AccountArea user={user} />
                </div>
              ) : null}
              <LanguageSwitch className="mt-3 border-t border-stone-200 pt-3" />
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}

export function SiteFooter({ year }: { year: number }) {
  const t = useT();
  const column = (title: string, links: Array<[string, string]>) => (
    <div>
      <h2 className="text-sm font-semibold text-stone-900">{title}</h2>
      <ul className="mt-2 text-sm">
        {links.map(([to, label]) => (
          <li key={to}>
            <Link to={to} className="inline-flex min-h-8 items-center text-stone-600 hover:text-stone-900">
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
  return (
    <footer className="mt-12 border-t border-stone-200 bg-white">
      <div className="container-page grid gap-6 py-8 sm:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 font-bold">
            <ChickIcon className="h-6 w-6" /> {PRODUCT_NAME}
          </p>
          <p className="mt-2 text-sm text-stone-600">{t("common.tagline")}</p>
        </div>
        {column(t("common.footer.navigate"), [
          ["/", t("common.nav.home")],
          ["/how-it-works", t("common.nav.howItWorks")],
          ["/faq", t("common.nav.faq")],
          ["/portfolio", t("common.nav.portfolio")],
          ["/admin", t("common.nav.admin")],
        ])}
        {column(t("common.footer.products"), [
          ["/invest/eggs", t("common.nav.eggNotes")],
          ["/invest/chicken", t("common.nav.chickenNotes")],
        ])}
        {column(t("common.footer.legal"), [
          ["/risk", t("common.footer.risk")],
          ["/terms", t("common.footer.terms")],
          ["/contact", t("common.footer.contact")],
        ])}
      </div>
      <LanguageSwitch className="container-page pb-4" />
      <p className="container-page pb-6 text-xs text-stone-500">{t("common.footer.notice", { year, brand: PRODUCT_NAME })}</p>
    </footer>
  );
}
