import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { FormError, TextareaField } from "~/components/forms";
import { useT } from "~/catalog/use-words";

type Answer = { errors: Record<string, string>; values: Record<string, string> } | null;

/**
 * A refusal for an item whose forms the page no longer shows (another admin decided it meanwhile):
 * without JavaScript the answer page lists only what still waits, so the refusal shows above the list.
 */
export function UnlistedRefusal({ answer, listed, className }: { answer: { id: number; errors: Record<string, string> } | null; listed: number[]; className?: string }) {
  if (!answer || listed.includes(answer.id)) return null;
  return (
    <div className={className}>
      <FormError message={answer.errors.form ?? Object.values(answer.errors)[0]} />
    </div>
  );
}

/**
 * An admin's decision on one waiting item (a KYC submission, a four-eyes request): Approve, or
 * Reject with a reason. Two plain forms posting `id`, `intent` and each its own `idempotency_key`
 * (from the page's `idempotencyKey`: a form sent twice decides once); no JavaScript needed.
 */
export function ApproveRejectForms({
  id,
  idempotencyKey,
  answer,
  busy,
  reasonLabel,
  reasonRequired = false,
  rejectFields,
}: {
  id: number;
  idempotencyKey: string;
  answer: Answer;
  busy: boolean;
  reasonLabel: string;
  reasonRequired?: boolean;
  /** The reject form's own fields in place of the one reason box (the KYC review's list of reasons and note). */
  rejectFields?: ReactNode;
}) {
  const t = useT();
  return (
    <>
      {answer?.errors.form ? <FormError message={answer.errors.form} /> : null}
      <Form method="post">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="idempotency_key" value={`${idempotencyKey}-approve-${id}`} />
        <button type="submit" name="intent" value="approve" className="btn-primary w-full sm:w-auto" disabled={busy}>
          {t("admin.approve")}
        </button>
      </Form>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="idempotency_key" value={`${idempotencyKey}-reject-${id}`} />
        {rejectFields ?? (
          <TextareaField label={reasonLabel} name="reason" rows={2} maxLength={500} required={reasonRequired} defaultValue={answer?.values.reason ?? ""} error={answer?.errors.reason} />
        )}
        <button type="submit" name="intent" value="reject" className="btn-secondary w-full sm:w-auto" disabled={busy}>
          {t("admin.reject")}
        </button>
      </Form>
    </>
  );
}
