import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { outboxPage, retryFromAdmin } from "~/pages/outbox.server";

export const meta: MetaFunction = () => pageMeta("Outbox", "Every email and SMS the platform sends, with its delivery attempts.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return outboxPage(new URL(request.url).searchParams.get("status"));
}

/** Retry: a failed message goes back in the queue for a fresh round of tries. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await request.formData();
  const ok = retryFromAdmin(String(form.get("id") ?? ""), admin);
  const back = `/admin/outbox${form.get("status") ? `?status=${encodeURIComponent(String(form.get("status")))}` : ""}`;
  return redirectWithFlash(back, ok ? { kind: "success", message: `Message #${form.get("id")} is queued again.` } : { kind: "error", message: "Only a failed message can be retried." });
}

const FILTERS = [
  { value: "", label: "All" },
  { value: "failed", label: "Failed" },
  { value: "queued", label: "Queued" },
  { value: "sending", label: "Sending" },
  { value: "sent", label: "Sent" },
];

const TONE: Record<string, string> = { sent: "bg-green-100 text-green-900", failed: "bg-red-100 text-red-900", queued: "bg-amber-100 text-amber-900", sending: "bg-sky-100 text-sky-900" };

export default function AdminOutbox() {
  const { rows, counts, status, demo, demoLogsText } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Outbox</h1>
      <p className="mt-1 text-sm text-stone-700">
        Every email and SMS, newest first, with each delivery attempt.{" "}
        {demo.length ? (
          <strong data-testid="demo-outbox">
            Demo outbox: {demo.join(" and ")} {demo.length > 1 ? "are" : "is"} not sent; read {demo.length > 1 ? "them" : "it"} here
            {demoLogsText ? " (and in the server log)" : " (the server log names only their kind and recipient)"}.
          </strong>
        ) : null}
      </p>
      <nav aria-label="Filter by status" className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={f.value ? `?status=${f.value}` : "/admin/outbox"}
            className={`rounded-full border px-3 py-1 text-sm no-underline ${status === f.value ? "border-stone-800 bg-stone-800 text-white" : "border-stone-300 text-stone-800"}`}
            aria-current={status === f.value ? "page" : undefined}
          >
            {f.label}
            {f.value ? ` (${counts[f.value as keyof typeof counts] ?? 0})` : ""}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No messages{status ? ` with status ${status}` : ""}.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.map((m) => (
            <li key={m.id} className="card text-sm" data-outbox-id={m.id} data-status={m.status}>
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[m.status] ?? ""}`}>{m.status}</span>
                <span className="font-semibold">
                  #{m.id} · {m.channel} · {m.kind}
                </span>
                <span className="break-all text-stone-600">to {m.to}</span>
              </div>
              {m.subject ? <p className="mt-2 font-semibold break-words">{m.subject}</p> : null}
              <pre className="mt-1 text-xs whitespace-pre-wrap break-words text-stone-800" data-testid="outbox-body">
                {m.body}
              </pre>
              <p className="mt-2 text-xs text-stone-500">
                Queued {m.createdAt} UTC · {m.attempts} attempt{m.attempts === 1 ? "" : "s"}
                {m.sentAt ? ` · sent ${m.sentAt} UTC` : ""}
                {m.status === "queued" && m.attempts ? ` · next try ${m.nextAttemptAt} UTC` : ""}
              </p>
              {m.lastError ? <p className="mt-1 text-xs break-words text-red-800">Last error: {m.lastError}</p> : null}
              {m.tries.length ? (
                <ol className="mt-1 list-decimal pl-5 text-xs text-stone-600">
                  {m.tries.map((t) => (
                    <li key={t.id}>
                      {t.startedAt} UTC: {t.outcome ?? "in progress"}
                      {t.error ? ` (${t.error})` : ""}
                    </li>
                  ))}
                </ol>
              ) : null}
              {m.status === "failed" ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="id" value={m.id} />
                  <input type="hidden" name="status" value={status} />
                  <button type="submit" className="btn-secondary">
                    Retry
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
