import { useSubmit } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";

/**
 * A GET filter form that, with JavaScript, applies as the investor changes it: selects at once,
 * typed fields after a short pause. The fields stay uncontrolled; when the URL changes elsewhere
 * (Clear, Back) they show its values again, leaving alone the field being typed in.
 * `keep(name, value)` drops defaults from the URL.
 */
export function useAutoFilters({ action, values, keep = (_name, value) => value !== "" }: { action: string; values: Record<string, string>; keep?: (name: string, value: string) => boolean }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(values)) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field !== document.activeElement && field.value !== value) field.value = value;
    }
  }, [values]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const typed = event.target instanceof HTMLInputElement && (event.target.type === "search" || event.target.type === "text");
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => {
        const params = new URLSearchParams();
        for (const [k, v] of new FormData(form)) if (typeof v === "string" && keep(k, v)) params.set(k, v);
        // A later change (or a tap elsewhere) interrupts this navigation: expected, not an error to report.
        Promise.resolve(submit(params, { method: "get", action, replace: true, preventScrollReset: true })).catch(() => {});
      },
      typed ? 400 : 0,
    );
  };
  return { formRef, onChange };
}
