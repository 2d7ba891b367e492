import { useEffect, useState } from "react";

export type ToastMessage = { kind: "success" | "error"; message: string };

/**
 * A flash message. Without JavaScript it simply stays on the page;
 * with JavaScript it fades after `durationMs` (4.5 s by SPEC.md).
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
  const tone = toast.kind === "error" ? "bg-red-700" : "bg-leaf-700";
  return (
    <div role={toast.kind === "error" ? "alert" : "status"} className={`fixed right-4 bottom-4 left-4 z-50 rounded-lg px-4 py-3 text-sm text-white shadow-lg sm:left-auto sm:max-w-sm ${tone}`} data-toast={toast.kind}>
      {toast.message}
    </div>
  );
}
