import { Form } from "@remix-run/react";
import { dateTime } from "~/pages/portfolio";
import { useT } from "~/catalog/use-words";

export type NoticeItem = { id: number; message: string; createdAt: string; unread: boolean };

/** The investor's notices, newest first; an unread one is bold and says "New" (not by colour alone). */
export function NoticeList({ notices }: { notices: readonly NoticeItem[] }) {
  const t = useT();
  return (
    <ul className="mt-2 space-y-2 text-sm" data-testid="notices">
      {notices.map((n) => (
        <li key={n.id} data-notice-id={n.id} data-unread={n.unread ? "true" : undefined} className={n.unread ? "border-l-4 border-amber-500 pl-2 font-semibold" : undefined}>
          {n.unread ? <span className="mr-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">{t("portfolio.noticeNew")}</span> : null}
          {n.message}
          <span className="block text-xs font-normal text-stone-500">{dateTime(n.createdAt)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Mark all as read": every notice up to `upTo` (the newest the page showed), so one that came in
 * since stays unread. A plain form: works without JavaScript; its key makes a second tap count once.
 */
export function MarkNoticesRead({ action, upTo, idempotencyKey }: { action: string; upTo: number; idempotencyKey: string }) {
  const t = useT();
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="notices_read" />
      <input type="hidden" name="up_to" value={upTo} />
      <input type="hidden" name="idempotency_key" value={`${idempotencyKey}-read-${upTo}`} />
      <button type="submit" className="btn-secondary">
        {t("portfolio.markAllRead")}
      </button>
    </Form>
  );
}
