import { Form, Link, useNavigation } from "@remix-run/react";
import { Dialog } from "~/components/dialog";

/** What the dashboard's action answers (a success redirects with a flash instead). */
export type DashboardResult =
  | { ok: false; errors: Record<string, string>; values: Record<string, string> }
  | { ok: true; simulated: { batchId: number; kind: string; period: string; totalMinor: number; count: number; alreadyPaid: boolean } }
  | { ok: true; confirm: { prompt: string; detail: string; fields: Record<string, string> } };

export function AdminSubmit({ children, className = "btn-primary", name, value }: { children: string; className?: string; name?: string; value?: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" name={name} value={value} className={className} disabled={busy} aria-disabled={busy || undefined}>
      {children}
    </button>
  );
}

/**
 * The server-rendered confirm step, for browsers without JavaScript (with it, window.confirm asks
 * first and this never shows): the same fields again with confirmed=1.
 */
export function AdminConfirm({ result, action = "/admin?index", cancelTo = "/admin" }: { result: DashboardResult | undefined; action?: string; cancelTo?: string }) {
  if (!result || !result.ok || !("confirm" in result)) return null;
  const { prompt, detail, fields } = result.confirm;
  return (
    <Dialog title="Please confirm" closeTo={cancelTo}>
      <p className="text-lg font-semibold" data-testid="confirm-prompt">{prompt}</p>
      <p className="mt-1 text-sm text-stone-600">{detail}</p>
      <Form method="post" action={fields.batch_id ? `${action}#batch-${fields.batch_id}` : action} preventScrollReset className="mt-4 flex gap-2">
        {Object.entries(fields).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <AdminSubmit className={fields.intent === "delete" ? "btn-danger flex-1" : "btn-primary flex-1"}>Confirm</AdminSubmit>
        <Link to={cancelTo} replace preventScrollReset className="btn-secondary flex-1">Cancel</Link>
      </Form>
    </Dialog>
  );
}
