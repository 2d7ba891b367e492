import type { ReactNode } from "react";

/**
 * Questions that open and close without JavaScript (<details>). The row's padding is the
 * question's own, so the whole row (48 px for one line) is what a thumb taps.
 */
export function FaqList({ items, className = "" }: { items: ReadonlyArray<{ id?: string; question: string; answer: ReactNode }>; className?: string }) {
  return (
    <div className={`divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white ${className}`}>
      {items.map((item, i) => (
        <details key={item.id ?? i} id={item.id ? `faq-${item.id}` : undefined} className="group px-4">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-3 py-3 font-medium [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <span aria-hidden="true" className="text-stone-500 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="pb-3 text-sm text-stone-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
