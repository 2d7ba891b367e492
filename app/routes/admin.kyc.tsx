import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ApproveRejectForms } from "~/components/approve-reject";
import { formatInstant } from "~/domain/calendar";
import { ID_TYPE_NAMES, TIER_NAMES } from "~/domain/kyc";
import { maskPhone } from "~/domain/notices";
import { pageMeta } from "~/lib/meta";
import { kycAdminAction, kycAdminLoader } from "~/pages/kyc-admin.server";

export const meta: MetaFunction = () => pageMeta("Identity checks", "Review investors' identity submissions: approve, or reject with a reason.");

export const loader = kycAdminLoader;
export const action = kycAdminAction;

const FILTERS = [
  { value: "PENDING", label: "Waiting" },
  { value: "APPROVED", label: "Approved" },
  { value: "REJECTED", label: "Rejected" },
] as const;

const IMAGE_LABELS = { id_front: "ID (front)", selfie: "Selfie", proof_of_address: "Proof of address" } as const;

export default function AdminKyc() {
  const { status, verifier, submissions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Identity checks</h1>
      <p className="mt-1 text-sm text-stone-700">
        {verifier === "demo"
          ? "Demo verifier: well-formed submissions are approved automatically, so this queue stays empty."
          : "Compare each ID photo with the selfie and the typed details, then approve or reject with a reason the investor will read. Oldest first."}
      </p>
      <nav aria-label="Filter by status" className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={`?status=${f.value}`}
            className={`rounded-full border px-3 py-1 text-sm no-underline ${status === f.value ? "border-stone-800 bg-stone-800 text-white" : "border-stone-300 text-stone-800"}`}
            aria-current={status === f.value ? "page" : undefined}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {submissions.length === 0 ? <p className="mt-4 text-sm text-stone-600">No submissions {status === "PENDING" ? "waiting for review" : `${status.toLowerCase()}`}.</p> : null}
      <ul className="mt-4 space-y-4">
        {submissions.map((s) => {
          const mine = result && !result.ok && result.id === s.id ? result : null;
          return (
            <li key={s.id} className="card text-sm" data-kyc-id={s.id} data-status={s.status}>
              <p className="font-semibold">
                #{s.id} · {s.legal_name} · for {TIER_NAMES[s.tier_requested]}
              </p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-stone-600">Account</dt>
                <dd className="break-all">
                  {s.account_name} · {s.email} · now {TIER_NAMES[s.tier]}
                </dd>
                <dt className="text-stone-600">Born</dt>
                <dd>
                  {s.date_of_birth} (age {s.age})
                </dd>
                <dt className="text-stone-600">ID</dt>
                <dd>
                  {ID_TYPE_NAMES[s.id_type]} ending {s.id_number_last4}
                </dd>
                <dt className="text-stone-600">Phone</dt>
                <dd>
                  {s.phone ? maskPhone(s.phone) : "none"} {s.phone_confirmed ? "(confirmed by SMS code)" : "(not confirmed)"}
                </dd>
                <dt className="text-stone-600">Sent</dt>
                <dd>{formatInstant(s.created_at)}</dd>
                {s.decided_at ? (
                  <>
                    <dt className="text-stone-600">Decision</dt>
                    <dd>
                      {s.status.toLowerCase()} {formatInstant(s.decided_at)}
                      {s.decision_reason ? `: ${s.decision_reason}` : ""}
                    </dd>
                  </>
                ) : null}
              </dl>
              <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
                {(Object.keys(IMAGE_LABELS) as Array<keyof typeof IMAGE_LABELS>).map((field) =>
                  s.images[field] ? (
                    <a key={field} href={s.images[field]} className="block" target="_blank" rel="noreferrer">
                      <img src={s.images[field]} alt={`${IMAGE_LABELS[field]} of submission ${s.id}`} loading="lazy" className="h-32 w-full rounded-lg border border-stone-200 object-cover" />
                      <span className="text-xs">{IMAGE_LABELS[field]}</span>
                    </a>
                  ) : null,
                )}
                {Object.keys(s.images).length === 0 ? <p className="text-stone-600">Images deleted (rejected more than 30 days ago).</p> : null}
              </div>
              {s.status === "PENDING" ? (
                <div className="mt-4 space-y-3">
                  <ApproveRejectForms id={s.id} answer={mine} busy={busy} reasonLabel="Reason for rejecting (the investor reads it)" />
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
