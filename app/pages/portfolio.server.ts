import { ListedInvestment } from "~/pages/portfolio";
import { listExitRequests, listMyInvestments } from "~/models/investment.server";
/** The portfolio page's reads, shaped for its table and filters. */

/** The investor's investments in the shape the portfolio's pure filters take (amounts in pesewas). */
export function listPortfolioInvestments(userId: number): Array<ListedInvestment & { productType: string }> {
  return listMyInvestments(userId).map((i) => ({
    id: i.id,
    batchId: i.batchId,
    units: i.units,
    amountMinor: i.amountMinor,
    unitsHeld: i.unitsHeld,
    unitPriceMinor: i.unitPriceMinor,
    status: i.status,
    createdAt: i.createdAt,
    autoReinvest: i.autoReinvest,
    productType: i.productType,
  }));
}

/** Early-exit offers still waiting for a buyer (the ones the investor may cancel). */
export function listOpenExitRequests(userId: number) {
  return listExitRequests(userId).filter((r) => r.status === "PENDING");
}
