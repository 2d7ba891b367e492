import { useT } from "~/catalog/use-words";
import { formatGhs } from "~/domain/money";

/** The three money columns every tax table ends with (statements, certificates): headers, then a row's cells. */
export function GrossTaxNetHeaders() {
  const t = useT();
  return (
    <>
      <th className="py-1 pr-2 text-right">{t("statements.gross")}</th>
      <th className="py-1 pr-2 text-right">{t("statements.tax")}</th>
      <th className="py-1 text-right">{t("statements.net")}</th>
    </>
  );
}

export function GrossTaxNetCells({ grossMinor, taxMinor, netMinor }: { grossMinor: number; taxMinor: number; netMinor: number }) {
  return (
    <>
      <td className="py-1 pr-2 text-right tabular-nums">{formatGhs(grossMinor)}</td>
      <td className="py-1 pr-2 text-right tabular-nums">{formatGhs(taxMinor)}</td>
      <td className="py-1 text-right tabular-nums">{formatGhs(netMinor)}</td>
    </>
  );
}
