import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { requireAdmin } from "~/lib/session.server";
import { listAuditEntries } from "~/models/admin.server";

export const meta: MetaFunction = () => pageMeta("Audit log", "Who did what, when, on which batch.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { entries: listAuditEntries() };
}

export default function AdminAudit() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Audit log</h1>
      <p className="mt-1 text-sm text-stone-700">Every admin action, newest first. Entries are append-only: nobody can edit or delete them.</p>
      {entries.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No admin actions yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto" role="region" aria-label="Audit log entries" tabIndex={0}>
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-b border-stone-200 text-xs text-stone-600 uppercase">
              <tr>{["When (UTC)", "Who", "What", "Batch", "Detail"].map((h) => <th key={h} scope="col" className="px-2 py-2">{h}</th>)}</tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-stone-100 align-top" data-audit-id={e.id}>
                  <td className="px-2 py-2 whitespace-nowrap">{e.createdAt.slice(0, 19).replace("T", " ")}</td>
                  <td className="px-2 py-2 break-all">{e.adminEmail ?? "–"}</td>
                  <td className="px-2 py-2 whitespace-nowrap">{e.action}</td>
                  <td className="px-2 py-2">{e.batchId ? `#${e.batchId}` : "–"}</td>
                  <td className="px-2 py-2">{e.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
