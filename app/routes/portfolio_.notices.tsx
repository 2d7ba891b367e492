import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { MarkNoticesRead, NoticeList } from "~/components/notice-list";
import { FormError } from "~/components/forms";
import { pageMeta } from "~/lib/meta";
import { useT } from "~/catalog/use-words";
import { noticesHref } from "~/pages/portfolio";
import { noticesAction, noticesLoader } from "~/pages/notices.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = noticesLoader;
export const action = noticesAction;

/** Every notice, newest first, fifty a page: "Older" and "Newest" are plain links (`?before=<id>`). */
export default function Notices() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { errors?: Record<string, string> } | undefined;
  const t = useT();
  return (
    <section className="container-page max-w-2xl py-8">
      <p className="text-sm">
        <Link to="/portfolio" className="text-leaf-700 underline">
          {t("common.backToPortfolio")}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">
          {t("portfolio.noticesTitle")}
          {d.unread > 0 ? <span className="ml-2 text-base font-normal text-stone-600">{t("portfolio.noticesUnread", { count: d.unread })}</span> : null}
        </h1>
        {d.unread > 0 && d.newestId !== null ? <MarkNoticesRead action={noticesHref(d.before)} upTo={d.newestId} idempotencyKey={d.idempotencyKey} /> : null}
      </div>
      <FormError message={result?.errors?.form} />
      <div className="card mt-4">
        {d.notices.length === 0 ? <p className="text-sm text-stone-600">{t(d.before === null ? "portfolio.noNotifications" : "portfolio.noOlderNotices")}</p> : <NoticeList notices={d.notices} />}
      </div>
      {d.before !== null || d.olderBefore !== null ? (
        <nav className="mt-4 flex items-center justify-between gap-2" aria-label={t("portfolio.noticePages")}>
          {d.before !== null ? (
            <Link to={noticesHref()} className="btn-secondary">
              {t("portfolio.newestNotices")}
            </Link>
          ) : (
            <span />
          )}
          {d.olderBefore !== null ? (
            <Link to={noticesHref(d.olderBefore)} className="btn-secondary">
              {t("portfolio.olderNotices")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}
