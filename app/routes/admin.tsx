import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, Outlet, useRouteError } from "@remix-run/react";
import { AdminNav } from "~/components/admin-nav";
import { NoAccess } from "~/components/status-pages";
import { ADMIN_FALLBACK, ADMIN_MESSAGE_MS } from "~/pages/admin";
import { pageMeta } from "~/lib/meta";
import { requireAdmin } from "~/auth/session.server";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { translatorOf, useT, type WithWords } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";

/** docs/rules.md#product-constants: the admin message fades after 4 seconds (the root toast reads this). */
export const handle = { toastMs: ADMIN_MESSAGE_MS };

/** Every admin page: anonymous -> /login and back; a signed-in non-admin -> 403. Each child checks again. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  // The words every admin page shares (the menu, the confirm step); each page ships its own beside them.
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return { words: wordsFor(locale, ["admin"]), errorTitle: t("adminMeta.admin.title"), errorDescription: t("adminMeta.admin.description") };
}

/** Each admin page names itself; this title is for the error pages (a 403 page needs a title too). */
export const meta: MetaFunction<typeof loader> = ({ error, matches }) => {
  if (!error) return [];
  // A 403 comes before this layout's loader ran, so it has no words of its own: the root's say it.
  if (isRouteErrorResponse(error) && error.status === 403) {
    const t = translatorOf(matches.find((m) => m.id === "root")?.data as WithWords);
    return pageMeta(t("common.noAccess.short"), t("common.noAccess.body", { brand: PRODUCT_NAME }));
  }
  const own = matches.find((m) => m.id === "routes/admin")?.data as { errorTitle?: string; errorDescription?: string } | undefined;
  return pageMeta(own?.errorTitle ?? "Admin", own?.errorDescription ?? "Akoko administration.");
};

export default function AdminLayout() {
  return (
    <section className="container-page py-6 sm:py-10">
      <AdminNav />
      <Outlet />
    </section>
  );
}

/** Admin pages that cannot load: 403 for non-admins, the 404's own message, else 'Failed to load admin data.' */
export function ErrorBoundary() {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) return <NoAccess />;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="container-page py-12">
      <h1 className="text-2xl font-bold">{t("admin.title")}</h1>
      <p className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800" role="alert">
        {notFound ? (typeof error.data === "string" && error.data ? error.data : t("admin.notFound")) : t(ADMIN_FALLBACK.load)}
      </p>
      <Link to="/admin" reloadDocument className="btn-primary mt-6">
        {t("admin.backToDashboard")}
      </Link>
    </section>
  );
}
