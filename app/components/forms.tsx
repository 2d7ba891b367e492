import { useNavigation } from "@remix-run/react";
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { useT } from "~/catalog/use-words";

type FieldProps = {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
} & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function Field({ label, error, hint: givenHint, id, className, ...input }: FieldProps) {
  const t = useT();
  // What a date input expects (YYYY-MM-DD in English): a hint, and a placeholder where the browser has no date picker.
  const dateFormat = t("common.dateFormat");
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  // A date input says its format: browsers without a picker show a text box that takes only YYYY-MM-DD.
  const isDate = input.type === "date";
  const hint = isDate ? (
    <>
      {dateFormat}
      {givenHint ? <> · {givenHint}</> : null}
    </>
  ) : (
    givenHint
  );
  if (isDate) input.placeholder ??= dateFormat;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <input id={inputId} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextareaField({ label, error, id, className, ...textarea }: { label: ReactNode; error?: string | null } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <textarea id={inputId} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={error ? `${inputId}-error` : undefined} {...textarea} />
      {error ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled select. Below 640 px it takes the whole row of a form grid (col-[1/-1]), so the chosen
 * option's text shows whole on a 360 px phone instead of being cut off in a half-width box.
 */
export function SelectField({
  label,
  error,
  hint,
  id,
  className = "",
  children,
  ...select
}: { label: ReactNode; error?: string | null; hint?: ReactNode; children: ReactNode } & SelectHTMLAttributes<HTMLSelectElement>) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`max-sm:col-[1/-1] ${className}`}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <select id={inputId} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...select}>
        {children}
      </select>
      {hint ? (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A message for the whole form (not tied to one field). */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
      {message}
    </p>
  );
}

/**
 * A list's filters folded behind one "Filter and sort" control, so a phone's first screen shows the
 * list: a details element (no JavaScript needed), open while a filter or sort is in use.
 */
export function FilterFold({ active, children }: { active: boolean; children: ReactNode }) {
  const t = useT();
  return (
    <details open={active} className="card mt-4" data-testid="filter-fold">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">{t("common.filterAndSort")}</summary>
      <div className="mt-4">{children}</div>
    </details>
  );
}

/**
 * The submit button of a form that moves money. With JavaScript, while the request is on its way it
 * reads "Processing...", looks and is disabled, so a second tap does nothing; without JavaScript the
 * idempotency key guards a second tap and the page that follows says what happened.
 */
export function SubmitButton({ children, className = "btn-primary w-full" }: { children: string; className?: string }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" className={busy ? `${className} opacity-60` : className} disabled={busy} aria-disabled={busy || undefined} data-busy={busy || undefined}>
      {busy ? t("explain.processing") : children}
    </button>
  );
}
