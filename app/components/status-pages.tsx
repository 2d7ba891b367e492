import { Link } from "@remix-run/react";
import { useT } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";

/** The not-found page: any unknown route and any 404 (with a 'Go home' link). */
export function NotFound() {
  const t = useT();
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{t("common.notFound.title")}</h1>
      <p className="mt-2 text-stone-600">{t("common.notFound.body")}</p>
      <Link to="/" className="btn-primary mt-6">
        {t("common.goHome")}
      </Link>
    </section>
  );
}

/** What a signed-in non-admin sees on an admin page (403). */
export function NoAccess() {
  const t = useT();
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{t("common.noAccess.title")}</h1>
      <p className="mt-2 text-stone-600">{t("common.noAccess.body", { brand: PRODUCT_NAME })}</p>
      <Link to="/" className="btn-primary mt-6">
        {t("common.goHome")}
      </Link>
    </section>
  );
}

/** A signed-in page that could not load: its title, what went wrong, and a full reload back to the portfolio. */
export function PortfolioPageError({ title, message }: { title: string; message: string }) {
  const t = useT();
  return (
    <section className="container-page py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800" role="alert">
        {message}
      </p>
      <Link to="/portfolio" reloadDocument className="btn-primary mt-6">
        {t("common.backToPortfolio")}
      </Link>
    </section>
  );
}
