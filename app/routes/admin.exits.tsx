import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { unitsText } from "~/domain/investing";
import { requireAdmin } from "~/auth/session.server";
import { listAdminExits } from "~/models/investment.server";

export const meta: MetaFunction = () => pageMeta("Early exits", "Investors' early-exit requests, pending and filled.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return listAdminExits();
}

type Exit = ReturnType<typeof useLoaderData<typeof loader>>["pending"][number];

function ExitList({ title, rows, empty, filled }: { title: string; rows: Exit[]; empty: string; filled?: boolean }) {
  const id = title.toLowerCase().replace(/\W+/g, "-");
  return (
    <section className="mt-6" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title} ({rows.length})
      </h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{empty}</p>
      ) : (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((e) => (
            <li key={e.id} className="card text-sm" data-exit-id={e.id}>
              <p className="font-semibold">
                Exit #{e.id} · Batch #{e.batchId}
              </p>
              <p className="break-all text-stone-700">{e.investor}</p>
              <p className="mt-1">
                {filled ? `${unitsText(e.units)} sold` : `${e.unitsRemaining} of ${unitsText(e.units)} still offered`} · fee {(e.feeRate * 100).toFixed(1)}%
              </p>
              <p className="text-xs text-stone-500">
                Investment #{e.investmentId} · requested {e.createdAt.slice(0, 16).replace("T", " ")} UTC{e.closedAt ? ` · filled ${e.closedAt.slice(0, 16).replace("T", " ")} UTC` : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function AdminExits() {
  const { pending, filled } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Early exits</h1>
      <p className="mt-1 text-sm text-stone-700">Egg Note holders may offer units after the first month; buyers of the batch take them first come, first served.</p>
      <ExitList title="Pending" rows={pending} empty="No pending exit requests." />
      <ExitList title="Filled" rows={filled} empty="No filled exit requests yet." filled />
    </div>
  );
}
