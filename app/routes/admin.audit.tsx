import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { requireAdmin } from "~/auth/session.server";
import { listAuditEntries } from "~/models/audit.server";

export const meta: MetaFunction = () => pageMeta("Audit log", "Who did what, when, on which batch.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const batch = new URL(request.url).searchParams.get("batch")?.replace(/^#/, "").trim() ?? "";
  const batchId = /^\d{1,15}$/.test(batch) ? Number(batch) : null;
  return { entries: listAuditEntries({ batchId }), batch, invalid: batch !== "" && batchId === null };
}

const cell =
  "px-2 py-2 max-sm:flex max-sm:gap-2 max-sm:px-0 max-sm:py-1 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-medium max-sm:before:text-stone-500 max-sm:before:content-[attr(data-label)]";

export default function AdminAudit() {
  const { entries, batch, invalid } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Audit log</h1>
      <p className="mt-1 text-sm text-stone-700">Every admin action, newest first. Entries are append-only: nobody can edit or delete them.</p>
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="audit-batch" className="field-label">
            Batch
          </label>
          <input
            id="audit-batch"
            name="batch"
            inputMode="numeric"
            placeholder="e.g. 5"
            defaultValue={batch}
            className="field-input w-32"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? "audit-batch-error" : undefined}
          />
        </div>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
        {batch ? (
          <Link to="/admin/audit" className="btn-secondary">
            Clear
          </Link>
        ) : null}
        {invalid ? (
          <p id="audit-batch-error" className="field-error w-full" role="alert">
            Enter a batch number, e.g. 5.
          </p>
        ) : null}
      </Form>
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{batch && !invalid ? `No admin actions on Batch #${batch}.` : "No admin actions yet."}</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm max-sm:block">
          <thead className="border-b border-stone-200 text-xs text-stone-600 uppercase max-sm:sr-only">
            <tr>
              {["When (UTC)", "Who", "What", "Batch", "Detail"].map((h) => (
                <th key={h} scope="col" className="px-2 py-2">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:block max-sm:space-y-3">
            {entries.map((e) => (
              <tr key={e.id} className="border-b border-stone-100 align-top max-sm:block max-sm:rounded-xl max-sm:border max-sm:border-stone-200 max-sm:p-3" data-audit-id={e.id}>
                <td className={cell} data-label="When (UTC)">
                  {e.createdAt.slice(0, 19).replace("T", " ")}
                </td>
                <td className={`${cell} break-all`} data-label="Who">
                  {e.adminEmail ?? "–"}
                </td>
                <td className={cell} data-label="What">
                  {e.action}
                </td>
                <td className={cell} data-label="Batch">
                  {e.batchId ? `#${e.batchId}` : "–"}
                </td>
                <td className={cell} data-label="Detail">
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
