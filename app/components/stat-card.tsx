import type { ReactNode } from "react";

/**
 * A big figure with its label; the figure and label read as one phrase ("24/7 Live tracking"). Three
 * abreast on a phone leave 67 px inside a card's usual padding, less than "18.9%" or a long Twi word
 * needs: there the padding narrows, the figure is a step smaller, and a word still too long breaks
 * instead of running out of the card.
 */
export function StatCard({ value, label, className = "" }: { value: ReactNode; label: ReactNode; className?: string }) {
  return (
    <div className={`card text-center max-sm:px-2 ${className}`}>
      <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">
        <span className="block text-2xl font-bold text-stone-900 max-sm:text-xl">{value}</span> {label}
      </p>
    </div>
  );
}
