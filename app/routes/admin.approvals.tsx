import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ApproveRejectForms } from "~/components/approve-reject";
import { formatInstant } from "~/domain/calendar";
import { APPROVAL_MESSAGES } from "~/domain/approvals";
import { pageMeta } from "~/lib/meta";
import { approvalsAdminAction, approvalsAdminLoader } from "~/pages/approvals-admin.server";

export const meta: MetaFunction = () => pageMeta("Approvals", "Four eyes: payout runs, batch closes and deletions, admin rights and large withdrawals wait for a second admin.");

export const loader = approvalsAdminLoader;
export const action = approvalsAdminAction;

const when = (iso: string | null) => (iso ? formatInstant(iso) : "");

export default function AdminApprovals() {
  const { relaxed, pending, decided } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Approvals</h1>
      <p className="mt-1 text-sm text-stone-700">
        Payout runs (and their reserve draws), batch closes, deleting a batch with history, admin rights and withdrawals above the large-withdrawal limit need a second admin: not the one who asked. A
        request lapses after 24 hours.
      </p>
      {relaxed ? (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-four-eyes="relaxed">
          {APPROVAL_MESSAGES.relaxed} Large withdrawals still wait here for your review.
        </p>
      ) : null}
      <h2 className="mt-6 text-lg font-semibold">Waiting</h2>
      {pending.length === 0 ? <p className="mt-2 text-sm text-stone-600">No requests waiting.</p> : null}
      <ul className="mt-3 space-y-4">
        {pending.map((a) => {
          const mine = result && !result.ok && result.id === a.id ? result : null;
          return (
            <li key={a.id} className="card text-sm" data-approval-id={a.id} data-status={a.status}>
              <p className="font-semibold">
                #{a.id} · {a.summary}
              </p>
              <p className="mt-1 text-stone-700">
                Asked by <span className="break-all">{a.requested_by}</span> on {when(a.created_at)}; lapses {when(a.expires_at)}.
              </p>
              {a.mine && !relaxed ? <p className="mt-1 text-stone-600">You asked for this: a second admin must approve it.</p> : null}
              <div className="mt-3 space-y-3">
                <ApproveRejectForms id={a.id} answer={mine} busy={busy} reasonLabel="Reason for rejecting" reasonRequired />
              </div>
            </li>
          );
        })}
      </ul>
      <h2 className="mt-8 text-lg font-semibold">Recent decisions</h2>
      {decided.length === 0 ? <p className="mt-2 text-sm text-stone-600">No decisions yet.</p> : null}
      <ul className="mt-3 space-y-2">
        {decided.map((a) => (
          <li key={a.id} className="card text-sm" data-approval-id={a.id} data-status={a.status}>
            <p className="font-semibold">
              #{a.id} · {a.summary}
            </p>
            <p className="mt-1 text-stone-700">
              {a.status.charAt(0) + a.status.slice(1).toLowerCase()}
              {a.decided_by ? (
                <>
                  {" "}
                  by <span className="break-all">{a.decided_by}</span>
                </>
              ) : null}{" "}
              {when(a.decided_at)}
              {a.reason ? `: ${a.reason}` : ""}
              {a.status === "FAILED" && a.result && typeof a.result === "object" && "detail" in a.result ? `: ${String((a.result as { detail: unknown }).detail)}` : ""}
            </p>
            <p className="text-stone-600">
              Asked by <span className="break-all">{a.requested_by}</span> on {when(a.created_at)}
            </p>
          </li>
        ))}
      </ul>
    </div>
  );
}
