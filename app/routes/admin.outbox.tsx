import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { readPageFormData } from "~/lib/page-action.server";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { outboxPage, retryFromAdmin } from "~/pages/outbox.server";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { useT, type T } from "~/catalog/use-words";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return {
    words: wordsFor(locale, ["adminOutbox"]),
    title: t("adminMeta.outbox.title"),
    description: t("adminMeta.outbox.description"),
    ...outboxPage(new URL(request.url).searchParams.get("status"), locale),
  };
}

/** Retry: a failed message goes back in the queue for a fresh round of tries. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const form = await readPageFormData(request);
  const ok = retryFromAdmin(String(form.get("id") ?? ""), admin);
  const back = `/admin/outbox${form.get("status") ? `?status=${encodeURIComponent(String(form.get("status")))}` : ""}`;
  return redirectWithFlash(back, ok ? { kind: "success", message: msg("adminOutbox.flash.queued", { id: String(form.get("id")) }) } : { kind: "error", message: msg("adminOutbox.flash.notFailed") });
}

const FILTERS = [
  { value: "", label: "adminOutbox.filter.all" },
  { value: "failed", label: "adminOutbox.filter.failed" },
  { value: "queued", label: "adminOutbox.filter.queued" },
  { value: "sending", label: "adminOutbox.filter.sending" },
  { value: "sent", label: "adminOutbox.filter.sent" },
] as const;

/** How a delivery attempt ended, as the outbox worker writes it. */
const OUTCOMES = ["sent", "refused", "error", "lost"] as const;
const isOutcome = (value: string): value is (typeof OUTCOMES)[number] => (OUTCOMES as readonly string[]).includes(value);

/** The kinds of message the app queues (notify's and the security mail's), each named in the catalog. */
const KINDS = new Set([
  "PAYOUT",
  "REINVESTED",
  "DEPOSIT_CREDITED",
  "DEPOSIT_FAILED",
  "DEPOSIT_REFUNDED",
  "DEPOSIT_REFUND_FAILED",
  "WITHDRAWAL_REQUESTED",
  "WITHDRAWAL_SENT",
  "WITHDRAWAL_FAILED",
  "WITHDRAWAL_REVERSED",
  "EXIT_FILLED",
  "EXIT_CANCELLED",
  "NEWS",
  "KYC_APPROVED",
  "KYC_REJECTED",
  "ADMIN_SECURITY",
  "APPROVAL_REQUESTED",
  "DESTINATION_ADDED",
  "PIN_LOCKED",
  "PIN_SET",
  "RECEIPT",
  "EMAIL_CONFIRM",
  "PHONE_CODE",
  "SIGN_IN_CODE",
  "PASSWORD_RESET",
  "PASSWORD_CHANGED",
]);
/** A message's kind in words; a kind this page does not know is shown as its code. */
const kindWord = (t: T, kind: string) => (KINDS.has(kind) ? t(`adminOutbox.kind.${kind as "PAYOUT"}`) : kind);
const channelWord = (t: T, channel: string) => (channel === "EMAIL" || channel === "SMS" ? t(`adminOutbox.channel.${channel}`) : channel);

const TONE: Record<string, string> = { sent: "bg-green-100 text-green-900", failed: "bg-red-100 text-red-900", queued: "bg-amber-100 text-amber-900", sending: "bg-sky-100 text-sky-900" };

export default function AdminOutbox() {
  const t = useT();
  const { rows, counts, status, demo, demoLogsText } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminOutbox.title")}</h1>
      <p className="mt-1 text-sm text-stone-700">
        {t("adminOutbox.intro")}{" "}
        {demo.length ? (
          <strong data-testid="demo-outbox">
            {t(demo.length > 1 ? "adminOutbox.demo.many" : "adminOutbox.demo.one", {
              channels: demo.length > 1 ? t("adminOutbox.demo.and", { first: t(`adminOutbox.demo.${demo[0]}`), second: t(`adminOutbox.demo.${demo[1]}`) }) : t(`adminOutbox.demo.${demo[0]}`),
              log: demoLogsText ? t("adminOutbox.demo.logsText") : t("adminOutbox.demo.logsKind"),
            })}
          </strong>
        ) : null}
      </p>
      <nav aria-label={t("admin.filterByStatus")} className="mt-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.value}
            to={f.value ? `?status=${f.value}` : "/admin/outbox"}
            className={`rounded-full border px-3 py-1 text-sm no-underline ${status === f.value ? "border-stone-800 bg-stone-800 text-white" : "border-stone-300 text-stone-800"}`}
            aria-current={status === f.value ? "page" : undefined}
          >
            {t(f.label)}
            {f.value ? ` (${counts[f.value as keyof typeof counts] ?? 0})` : ""}
          </Link>
        ))}
      </nav>
      {rows.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{status ? t("adminOutbox.noneWith", { status: t(`adminOutbox.status.${status}`) }) : t("adminOutbox.none")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {rows.map((m) => (
            <li key={m.id} className="card text-sm" data-outbox-id={m.id} data-status={m.status}>
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[m.status] ?? ""}`}>{t(`adminOutbox.status.${m.status}`)}</span>
                <span className="font-semibold">
                  #{m.id} · {channelWord(t, m.channel)} · {/* The code stays in reach (the API's `kind` filter and the server log name it). */}
                  <span title={m.kind} data-kind={m.kind}>
                    {kindWord(t, m.kind)}
                  </span>
                </span>
                <span className="break-all text-stone-600">{t("adminOutbox.to", { to: m.to })}</span>
              </div>
              {m.subject ? <p className="mt-2 font-semibold break-words">{m.subject}</p> : null}
              <pre className="mt-1 text-xs whitespace-pre-wrap break-words text-stone-800" data-testid="outbox-body">
                {m.body}
              </pre>
              <p className="mt-2 text-xs text-stone-500">
                {t("adminOutbox.queued", { at: m.createdAt, count: m.attempts })}
                {m.sentAt ? t("adminOutbox.sentAt", { at: m.sentAt }) : ""}
                {m.status === "queued" && m.attempts ? t("adminOutbox.nextTry", { at: m.nextAttemptAt }) : ""}
              </p>
              {m.lastError ? <p className="mt-1 text-xs break-words text-red-800">{t("adminOutbox.lastError", { error: m.lastError })}</p> : null}
              {m.tries.length ? (
                <ol className="mt-1 list-decimal pl-5 text-xs text-stone-600">
                  {m.tries.map((attempt) => (
                    <li key={attempt.id}>
                      {t("adminOutbox.try", {
                        at: attempt.startedAt,
                        outcome: attempt.outcome === null ? t("adminOutbox.inProgress") : isOutcome(attempt.outcome) ? t(`adminOutbox.outcome.${attempt.outcome}`) : attempt.outcome,
                      })}
                      {attempt.error ? ` (${attempt.error})` : ""}
                    </li>
                  ))}
                </ol>
              ) : null}
              {m.status === "failed" ? (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="id" value={m.id} />
                  <input type="hidden" name="status" value={status} />
                  <button type="submit" className="btn-secondary">
                    {t("adminOutbox.retry")}
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
