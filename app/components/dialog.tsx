import { Link } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useT } from "~/catalog/use-words";

/**
 * A dialog rendered by the server from URL state (e.g. `?dialog=invest&batch=3`), so a plain
 * link opens it and a plain link (`closeTo`) closes it without JavaScript. With JavaScript,
 * focus moves into it and Escape closes it.
 */
export function Dialog({ title, closeTo, children, labelledBy = "dialog-title" }: { title: ReactNode; closeTo: string; children: ReactNode; labelledBy?: string }) {
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close.current?.click();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className="fixed inset-0 z-40 flex items-end justify-center bg-stone-900/50 p-2 sm:items-center" data-dialog>
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        tabIndex={-1}
        className="max-h-[92vh] w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-xl outline-none"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={labelledBy} className="text-lg font-bold">
            {title}
          </h2>
          <Link ref={close} to={closeTo} preventScrollReset replace className="rounded-md px-2 py-1 text-sm text-stone-600 no-underline hover:bg-stone-100" aria-label={t("common.close")}>
            {t("common.closeDialog")}
          </Link>
        </div>
        <div className="mt-4">{children}</div>
      </div>
    </div>
  );
}
