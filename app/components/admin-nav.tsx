import { NavLink } from "@remix-run/react";
import type { MessageId } from "~/catalog/en";
import { useEffect, useState, type ReactNode } from "react";
import { useT } from "~/catalog/use-words";

const LINKS: Array<{ to: string; label: Extract<MessageId, `admin.nav.${string}`>; end?: boolean }> = [
  { to: "/admin", label: "admin.nav.dashboard", end: true },
  { to: "/admin/exits", label: "admin.nav.exits" },
  { to: "/admin/kyc", label: "admin.nav.kyc" },
  { to: "/admin/payments", label: "admin.nav.payments" },
  { to: "/admin/tax", label: "admin.nav.tax" },
  { to: "/admin/messages", label: "admin.nav.messages" },
  { to: "/admin/outbox", label: "admin.nav.outbox" },
  { to: "/admin/content", label: "admin.nav.content" },
  { to: "/admin/approvals", label: "admin.nav.approvals" },
  { to: "/admin/audit", label: "admin.nav.audit" },
];

export function AdminNav() {
  const t = useT();
  const linkClass = ({ isActive }: { isActive: boolean }) => `rounded-md px-2 py-1 text-sm font-medium no-underline ${isActive ? "bg-brand-100 text-stone-900" : "text-stone-700 hover:bg-stone-100"}`;
  return (
    <nav aria-label={t("admin.nav.label")} className="mb-6 flex flex-wrap gap-1 border-b border-stone-200 pb-3">
      {LINKS.map((l) => (
        <NavLink key={l.to} to={l.to} end={l.end} className={linkClass}>
          {t(l.label)}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * The admin message area (docs/rules.md#product-constants: messages disappear after 4 seconds). Without JavaScript it stays;
 * with it, it fades. `id` changes per message, so a new message shows again.
 */
export function AdminMessage({ kind, children, id, durationMs = 4000, fade = true }: { kind: "success" | "error" | "info"; children: ReactNode; id: string; durationMs?: number; fade?: boolean }) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    setVisible(true);
    if (!fade) return;
    const timer = setTimeout(() => setVisible(false), durationMs);
    return () => clearTimeout(timer);
  }, [id, durationMs, fade]);
  if (!visible) return null;
  const tone = kind === "error" ? "border-red-200 bg-red-50 text-red-800" : kind === "success" ? "border-green-200 bg-green-50 text-green-900" : "border-stone-200 bg-stone-50 text-stone-800";
  return (
    <div role={kind === "error" ? "alert" : "status"} data-admin-message={kind} className={`rounded-lg border px-3 py-2 text-sm ${tone}`}>
      {children}
    </div>
  );
}
