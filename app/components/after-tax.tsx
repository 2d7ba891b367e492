import { useT, type T } from "~/catalog/use-words";
import { formatGhs } from "~/domain/money";
import type { AfterTax } from "~/domain/payouts";

/** The withholding tax rate as a percent to read: 0.08 -> 8, 0.075 -> 7.5. */
export const taxPercent = (rate: number) => Math.round(rate * 10_000) / 100;

/** The one sentence that explains the tax at this rate: a loader ships only it (`wordsFor(locale, [taxExplainedId(rate)])`). */
export const taxExplainedId = (rate: number) => (rate > 0 ? "money.taxExplained" : "money.taxExplainedNone");

/** That sentence in the reader's words (components through useT, loaders through their translator). */
export const taxExplainedText = (t: T, rate: number) => (rate > 0 ? t("money.taxExplained", { rate: taxPercent(rate) }) : t("money.taxExplainedNone"));

/** What withholding tax is and at what rate (WITHHOLDING_TAX_RATE, handed down by the loader). */
export function TaxExplained({ rate, className }: { rate: number; className?: string }) {
  const t = useT();
  return <p className={className}>{taxExplainedText(t, rate)}</p>;
}

/**
 * An after-tax figure's gross and tax one tap away: a <details>, which opens with or without
 * JavaScript, with what the tax is under it.
 */
export function BeforeTax({ figure, rate, className = "" }: { figure: AfterTax; rate: number; className?: string }) {
  const t = useT();
  return (
    <details className={`text-xs text-stone-600 ${className}`} data-before-tax>
      <summary className="cursor-pointer py-1 underline">{t("money.beforeTaxSummary", { gross: formatGhs(figure.grossMinor), tax: formatGhs(figure.taxMinor) })}</summary>
      <TaxExplained rate={rate} className="mt-1" />
    </details>
  );
}
