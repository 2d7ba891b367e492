import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ApproveRejectForms, UnlistedRefusal } from "~/components/approve-reject";
import { pageMeta } from "~/lib/meta";
import { approvalsAdminAction, approvalsAdminLoader } from "~/pages/approvals-admin.server";
import { slots, withElements } from "~/components/rich-text";
import { useT } from "~/catalog/use-words";
import { adminInstant } from "~/pages/admin";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = approvalsAdminLoader;
export const action = approvalsAdminAction;

export default function AdminApprovals() {
  const t = useT();
  const when = (iso: string | null) => (iso ? adminInstant(t, iso) : "");
  const { relaxed, pending, decided, idempotencyKey } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminApprovals.title")}</h1>
      <p className="mt-1 text-sm text-stone-700">{t("adminApprovals.intro")}</p>
      {relaxed ? (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-four-eyes="relaxed">
          {t("adminApprovals.relaxed")} {t("adminApprovals.relaxedTail")}
        </p>
      ) : null}
      <h2 className="mt-6 text-lg font-semibold">{t("adminApprovals.waiting")}</h2>
      <UnlistedRefusal className="mt-2" answer={result && !result.ok ? result : null} listed={pending.map((a) => a.id)} />
      {pending.length === 0 ? <p className="mt-2 text-sm text-stone-600">{t("adminApprovals.noneWaiting")}</p> : null}
      <ul className="mt-3 space-y-4">
        {pending.map((a) => {
          const mine = result && !result.ok && result.id === a.id ? result : null;
          return (
            <li key={a.id} className="card text-sm" data-approval-id={a.id} data-status={a.status}>
              <p className="font-semibold">
                #{a.id} · {a.summary}
              </p>
              {a.preview ? (
                <p className="mt-1" data-preview>
                  {a.preview}
                </p>
              ) : null}
              <p className="mt-1 text-stone-700">
                {withElements(t("adminApprovals.askedLapses", { when: when(a.created_at), lapses: when(a.expires_at), ...slots("who") }), {
                  who: <span className="break-all">{a.requested_by}</span>,
                })}
              </p>
              {a.mine && !relaxed ? <p className="mt-1 text-stone-600">{t("adminApprovals.mine")}</p> : null}
              <div className="mt-3 space-y-3">
                <ApproveRejectForms id={a.id} idempotencyKey={idempotencyKey} answer={mine} busy={busy} reasonLabel={t("adminApprovals.reason")} reasonRequired />
              </div>
            </li>
          );
        })}
      </ul>
      <h2 className="mt-8 text-lg font-semibold">{t("adminApprovals.recent")}</h2>
      {decided.length === 0 ? <p className="mt-2 text-sm text-stone-600">{t("adminApprovals.noDecisions")}</p> : null}
      <ul className="mt-3 space-y-2">
        {decided.map((a) => (
          <li key={a.id} className="card text-sm" data-approval-id={a.id} data-status={a.status}>
            <p className="font-semibold">
              #{a.id} · {a.summary}
            </p>
            <p className="mt-1 text-stone-700">
              {a.decided_by
                ? withElements(t("adminApprovals.decidedBy", { status: t(`adminApprovals.status.${a.status}`), ...slots("who") }), { who: <span className="break-all">{a.decided_by}</span> })
                : t(`adminApprovals.status.${a.status}`)}{" "}
              {when(a.decided_at)}
              {a.reason ? `: ${a.reason}` : ""}
              {a.status === "FAILED" && a.result && typeof a.result === "object" && "detail" in a.result ? `: ${String((a.result as { detail: unknown }).detail)}` : ""}
            </p>
            <p className="text-stone-600">{withElements(t("adminApprovals.asked", { when: when(a.created_at), ...slots("who") }), { who: <span className="break-all">{a.requested_by}</span> })}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
