import { Link, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { useT } from "~/catalog/use-words";

export type ToastMessage = { kind: "success" | "error"; message: string };
/** A flash message; `anchor` is the id of the row or card its redirect returned to (the URL's #fragment). */
export type Flash = ToastMessage & { anchor?: string; more?: string; link?: { href: string; text: string } };

const TONE = { error: "bg-red-700", success: "bg-leaf-700" } as const;

/**
 * A corner toast (Home's stats error: a red toast at bottom right). Without JavaScript
 * it simply stays on the page; with JavaScript it fades after `durationMs`.
 */
export function Toast({ toast, durationMs = 4500 }: { toast: ToastMessage | null; durationMs?: number }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (!toast) return;
    const timer = setTimeout(() => setVisible(false), durationMs);
    return () => clearTimeout(timer);
  }, [toast, durationMs]);
  if (!toast || !visible) return null;
  return (
    <div
      role={toast.kind === "error" ? "alert" : "status"}
      className={`fixed right-4 bottom-4 left-4 z-50 rounded-lg px-4 py-3 text-sm text-white shadow-lg sm:left-auto sm:max-w-sm ${TONE[toast.kind]}`}
      data-toast={toast.kind}
    >
      {toast.message}
    </div>
  );
}

/**
 * A message in the page's own flow, so it never covers what is under it, with a Dismiss control.
 * Without JavaScript, Dismiss is a link to the empty marker just before the message: the browser
 * stays where it is and the stylesheet hides a message whose marker is the :target (no reload,
 * the investor keeps their row or card). With JavaScript it hides the message at once, and the
 * message also fades after `durationMs` (4.5 s; admin pages 4 s: docs/rules.md#product-constants).
 */
export function FlashMessage({ flash, durationMs = 4500, className = "" }: { flash: Flash | ToastMessage; durationMs?: number; className?: string }) {
  const t = useT();
  const marker = `dismissed${useId().replace(/:/g, "")}`;
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), durationMs);
    return () => clearTimeout(timer);
  }, [flash, durationMs]);
  if (!visible) return null;
  return (
    <>
      <span id={marker} data-dismiss-marker className="block scroll-mt-24" />
      <div
        role={flash.kind === "error" ? "alert" : "status"}
        className={`flex items-start justify-between gap-3 rounded-lg px-4 py-3 text-sm text-white shadow-sm ${TONE[flash.kind]} ${className}`}
        data-toast={flash.kind}
      >
        <p className="min-w-0 break-words">
          {flash.message}
          {"more" in flash && flash.more ? ` ${flash.more}` : null}
          {"link" in flash && flash.link ? (
            <>
              {" "}
              <Link to={flash.link.href} className="font-semibold text-white underline" data-testid="flash-link">
                {flash.link.text}
              </Link>
            </>
          ) : null}
        </p>
        <a
          href={`#${marker}`}
          aria-label={t("common.dismissMessage")}
          className="-my-1 shrink-0 rounded px-2 py-1 font-semibold text-white no-underline hover:bg-white/20"
          onClick={(event) => {
            event.preventDefault();
            setVisible(false);
          }}
        >
          ✕
        </a>
      </div>
    </>
  );
}

/** The flash of this request (read by the root loader), for pages that show it where the investor returns to. */
export function useFlash(): Flash | null {
  return useRouteLoaderData<{ flash: Flash | null }>("root")?.flash ?? null;
}
