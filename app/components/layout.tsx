import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { ChickIcon, PRODUCT_NAME, TAGLINE } from "~/components/brand";

export type HeaderUser = { fullName: string; isAdmin: boolean } | null;

function navItems(user: HeaderUser) {
  const items = [
    { to: "/how-it-works", label: "How It Works" },
    { to: "/invest/eggs", label: "Egg Notes" },
    { to: "/invest/chicken", label: "Chicken Notes" },
    { to: "/faq", label: "FAQ" },
  ];
  if (user) items.push({ to: "/portfolio", label: "Portfolio" }, { to: "/account", label: "Account" });
  if (user?.isAdmin) items.push({ to: "/admin", label: "Admin" });
  return items;
}

/** Logged out: Log in and Get started, in the header at every width (never only inside the menu). */
function GuestActions() {
  return (
    <div className="flex items-center gap-1.5">
      <Link to="/login" className="btn-secondary px-2.5">
        Log in
      </Link>
      <Link to="/register" className="btn-primary px-2.5">
        Get started
      </Link>
    </div>
  );
}

function AccountArea({ user }: { user: NonNullable<HeaderUser> }) {
  return (
    <div className="flex items-center gap-2">
      <span className="text-sm text-stone-700">Hi, {user.fullName.trim() || "Investor"}</span>
      <Form method="post" action="/logout">
        <button type="submit" className="btn-secondary">
          Log out
        </button>
      </Form>
    </div>
  );
}

/** Sticky header. On narrow screens the menu is a <details> disclosure: it opens without JavaScript. */
export function SiteHeader({ user }: { user: HeaderUser }) {
  const items = navItems(user);
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
        <Link to="/" className="flex min-h-11 items-center gap-1.5 text-lg font-bold text-stone-900 no-underline" aria-label={`${PRODUCT_NAME} home`}>
          <ChickIcon />
          <span>{PRODUCT_NAME}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass} prefetch="intent">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-1.5">
          {user ? (
            <div className="hidden lg:block">
              <AccountArea user={user} />
            </div>
          ) : (
            <GuestActions />
          )}
          <details ref={menu} className="group relative lg:hidden">
            <summary className="btn-secondary cursor-pointer list-none px-2.5" aria-label="Menu">
              Menu
            </summary>
            <div className="absolute right-0 mt-2 w-64 rounded-xl border border-stone-200 bg-white p-3 shadow-lg">
              <nav aria-label="Mobile" className="flex flex-col gap-1">
                <NavLink to="/" className={linkClass} end>
                  Home
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
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}

export function SiteFooter({ year }: { year: number }) {
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
          <p className="mt-2 text-sm text-stone-600">{TAGLINE}</p>
        </div>
        {column("Navigate", [
          ["/", "Home"],
          ["/how-it-works", "How It Works"],
          ["/faq", "FAQ"],
          ["/portfolio", "Portfolio"],
          ["/admin", "Admin"],
        ])}
        {column("Products", [
          ["/invest/eggs", "Egg Notes"],
          ["/invest/chicken", "Chicken Notes"],
        ])}
        {column("Legal", [
          ["/risk", "Risk Disclosure"],
          ["/terms", "Terms & Privacy"],
          ["/contact", "Contact"],
        ])}
      </div>
      <p className="container-page pb-6 text-xs text-stone-500">
        © {year} {PRODUCT_NAME}. Capital is not guaranteed; read the Risk Disclosure before investing.
      </p>
    </footer>
  );
}
