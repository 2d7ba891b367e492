import { Form, Link, useNavigation } from "@remix-run/react";
import { Dialog } from "~/components/dialog";
import { formatGhs } from "~/domain/money";
import { useT } from "~/catalog/use-words";

/** What the dashboard's action answers (a success redirects with a flash instead). */
export type DashboardResult =
  | { ok: false; errors: Record<string, string>; values: Record<string, string> }
  | { ok: true; simulated: { batchId: number; kind: string; period: string; totalMinor: number; count: number; alreadyPaid: boolean; heldMinor: number; shortfallMinor: number; taxMinor: number } }
  | { ok: true; confirm: { prompt: string; detail: string; fields: Record<string, string>; reserve?: ReserveChoice; warning?: string } };

/** A run the batch's remitted money does not cover: the admin may draw the shortfall from the platform reserve. */
export type ReserveChoice = { shortfallMinor: number; availableMinor: number; draw: string };

export function AdminSubmit({ children, className = "btn-primary", name, value }: { children: string; className?: string; name?: string; value?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" name={name} value={value} className={className} disabled={busy} aria-disabled={busy || undefined}>
      {children}
    </button>
  );
}

/**
 * The server-rendered confirm step: every step without JavaScript, and with it the steps that name
 * money (activate, execute, close), asked once: the same fields again with confirmed=1. The server
 * words the prompt and detail. A shortfall the reserve covers is drawn by Confirm itself (said
 * above it); one it cannot cover offers no Confirm, only Cancel.
 */
export function AdminConfirm({ result, action = "/admin?index", cancelTo = "/admin" }: { result: DashboardResult | undefined; action?: string; cancelTo?: string }) {
  const t = useT();
  if (!result || !result.ok || !("confirm" in result)) return null;
  const { prompt, detail, fields, reserve, warning } = result.confirm;
  const canGoAhead = !reserve || reserve.availableMinor >= reserve.shortfallMinor;
  return (
    <Dialog title={t("admin.confirm.title")} closeTo={cancelTo}>
      <p className="text-lg font-semibold" data-testid="confirm-prompt">
        {prompt}
      </p>
      <p className="mt-1 text-sm text-stone-600">{detail}</p>
      {warning ? (
        <p className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900" role="alert" data-testid="confirm-warning">
          {warning}
        </p>
      ) : null}
      <Form method="post" action={fields.batch_id ? `${action}#batch-${fields.batch_id}` : action} preventScrollReset className="mt-4 flex flex-wrap gap-2">
        {Object.entries(fields)
          .filter(([k]) => k !== "reserve_draw")
          .map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
        {reserve ? (
          canGoAhead ? (
            <p className="basis-full text-sm font-medium text-stone-800" data-testid="reserve-choice">
              <input type="hidden" name="reserve_draw" value={reserve.draw} />
              {t("admin.confirm.reserveDraw", { shortfall: formatGhs(reserve.shortfallMinor), available: formatGhs(reserve.availableMinor) })}
            </p>
          ) : (
            <p className="basis-full text-sm text-red-700" data-testid="reserve-choice">
              {t("admin.confirm.reserveShort", { available: formatGhs(reserve.availableMinor) })}
            </p>
          )
        ) : null}
        {canGoAhead ? <AdminSubmit className={fields.intent === "delete" ? "btn-danger flex-1" : "btn-primary flex-1"}>{t("admin.confirm.confirm")}</AdminSubmit> : null}
        <Link to={cancelTo} replace preventScrollReset className="btn-secondary flex-1">
          {t("admin.confirm.cancel")}
        </Link>
      </Form>
    </Dialog>
  );
}
