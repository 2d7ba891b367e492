import type { ReactNode } from "react";

/**
 * A table cell that shows its column name above the value when the row is a card: on a phone a wide
 * table becomes one card per row (the table, body and row `max-sm:block` or `max-sm:grid`, the head
 * `max-sm:sr-only`) instead of a box that scrolls sideways.
 */
export function Cell({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td data-label={label} className={`px-3 py-2 max-sm:px-0 max-sm:py-1 max-sm:before:block max-sm:before:text-xs max-sm:before:text-stone-500 max-sm:before:content-[attr(data-label)] ${className}`}>
      {children}
    </td>
  );
}
