import type { ReactNode, TdHTMLAttributes } from "react";

/**
 * A table cell that shows its column name above the value when the row is a card: on a phone a wide
 * table becomes one card per row (the table, body and row `max-sm:block` or `max-sm:grid`, the head
 * `max-sm:sr-only`) instead of a box that scrolls sideways.
 */
export function Cell({ label, className = "", children, ...rest }: { label: string; className?: string; children: ReactNode } & TdHTMLAttributes<HTMLTableCellElement>) {
  return (
    <td
      {...rest}
      data-label={label}
      className={`px-3 py-2 max-sm:px-0 max-sm:py-1 max-sm:before:block max-sm:before:text-xs max-sm:before:text-stone-500 max-sm:before:content-[attr(data-label)] ${className}`}
    >
      {children}
    </td>
  );
}

/**
 * The same for a table that stands on the page (no card around it): on a phone each row is a card of
 * its own, two cells abreast (`max-sm:col-span-2` for a wide one), and the cards are spaced apart.
 */
export const cardRows = {
  table: "w-full text-left text-sm max-sm:block",
  head: "max-sm:sr-only",
  body: "max-sm:block max-sm:space-y-3",
  row: "max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:rounded-xl max-sm:border max-sm:border-stone-200 max-sm:px-3 max-sm:py-2",
} as const;
