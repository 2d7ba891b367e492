import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { requireAdmin } from "~/auth/session.server";
import { listAuditEntries } from "~/models/audit.server";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT, type T } from "~/catalog/use-words";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  const batch = new URL(request.url).searchParams.get("batch")?.replace(/^#/, "").trim() ?? "";
  const batchId = /^\d{1,15}$/.test(batch) ? Number(batch) : null;
  return {
    words: wordsFor(locale, ["adminAudit"]),
    title: t("adminMeta.audit.title"),
    description: t("adminMeta.audit.description"),
    entries: listAuditEntries(locale, { batchId }),
    batch,
    invalid: batch !== "" && batchId === null,
  };
}

// A name written as one long word wraps anywhere rather than widen the page.
const cell =
  "px-2 py-2 [overflow-wrap:anywhere] max-sm:flex max-sm:gap-2 max-sm:px-0 max-sm:py-1 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-stone-500 max-sm:before:content-[attr(data-label)]";

/** What an entry did, in words (its code, as the API lists it, when the catalog has no words for it). */
function actionWords(t: T, action: string): string {
  const id = `adminAudit.action.${action}`;
  // These words take no parameters; a translator answers an id it has no words for with the id.
  const words = (t as (id: string) => string)(id);
  return words === id ? action : words;
}

const COLUMNS = ["adminAudit.col.when", "adminAudit.col.who", "adminAudit.col.what", "adminAudit.col.batch", "adminAudit.col.detail"] as const;

export default function AdminAudit() {
  const t = useT();
  const { entries, batch, invalid } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminAudit.title")}</h1>
      <p className="mt-1 text-sm text-stone-700">{t("adminAudit.intro")}</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="audit-batch" className="field-label">
            {t("adminAudit.batch")}
          </label>
          <input
            id="audit-batch"
            name="batch"
            inputMode="numeric"
            placeholder={t("adminAudit.batchPlaceholder")}
            defaultValue={batch}
            className="field-input w-32"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? "audit-batch-error" : undefined}
          />
        </div>
        <button type="submit" className="btn-secondary">
          {t("admin.filter")}
        </button>
        {batch ? (
          <Link to="/admin/audit" className="btn-secondary">
            {t("admin.clear")}
          </Link>
        ) : null}
        {invalid ? (
          <p id="audit-batch-error" className="field-error w-full" role="alert">
            {t("adminAudit.batchError")}
          </p>
        ) : null}
      </Form>
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{batch && !invalid ? t("adminAudit.noneOnBatch", { batch }) : t("adminAudit.none")}</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm max-sm:block">
          <thead className="border-b border-stone-200 text-xs text-stone-600 uppercase max-sm:sr-only">
            <tr>
              {COLUMNS.map((id) => (
                <th key={id} scope="col" className="px-2 py-2">
                  {t(id)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block max-sm:space-y-3">
            {entries.map((e) => (
              <tr key={e.id} className="border-b border-stone-100 align-top max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-stone-200 max-sm:p-3" data-audit-id={e.id}>
                <td className={cell} data-label={t(COLUMNS[0])}>
                  {e.createdAt.slice(0, 19).replace("T", " ")}
                </td>
                <td className={`${cell} break-all`} data-label={t(COLUMNS[1])}>
                  {e.adminEmail ?? "–"}
                </td>
                <td className={cell} data-label={t(COLUMNS[2])}>
                  {actionWords(t, e.action)}
                </td>
                <td className={cell} data-label={t(COLUMNS[3])}>
                  {e.batchId ? `#${e.batchId}` : "–"}
                </td>
                <td className={cell} data-label={t(COLUMNS[4])}>
                  {e.detail}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
