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
  // The URL's values by content: a render that brings the same values (new objects) changes nothing.
  const urlValues = JSON.stringify(values);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const [name, value] of Object.entries(JSON.parse(urlValues) as Record<string, string>)) {
      const field = form.elements.namedItem(name);
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement) && field !== document.activeElement && field.value !== value) field.value = value;
    }
  }, [urlValues]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const typed = event.target instanceof HTMLInputElement && (event.target.type === "search" || event.target.type === "text");
    const apply = () => {
      const params = new URLSearchParams();
      for (const [k, v] of new FormData(form)) if (typeof v === "string" && keep(k, v)) params.set(k, v);
      // A later change (or a tap elsewhere) interrupts this navigation: expected, not an error to report.
      Promise.resolve(submit(params, { method: "get", action, replace: true, preventScrollReset: true })).catch(() => {});
    };
    clearTimeout(timer.current);
    // A choice (a select) is read and applied at once: were it read a moment later, an earlier
    // filter's page arriving in between would have put the old value back in the field first.
    if (typed) timer.current = setTimeout(apply, 400);
    else apply();
  };
  return { formRef, onChange };
}
