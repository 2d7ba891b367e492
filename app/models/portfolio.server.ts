import type { ListedInvestment } from "~/domain/portfolio";
import { getDb } from "~/lib/db.server";
import { listExitRequests, listMyInvestments } from "~/models/investment.server";

/** The investor's investments in the shape the portfolio's pure filters take (amounts in pesewas). */
export function listPortfolioInvestments(userId: number): Array<ListedInvestment & { productType: string }> {
  return listMyInvestments(userId).map((i) => ({
    id: i.id,
    batchId: i.batchId,
    units: i.units,
    amountMinor: i.amountMinor,
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

class RollBack<T> {
  constructor(public value: T) {}
}

/**
 * Runs a money operation and undoes it: the very same rules answer "would this work?" (e.g. the
 * withdraw confirm step asks only when the withdrawal would go through). `fn` must be synchronous.
 */
export function dryRun<T>(fn: () => T): T {
  const client = getDb().$client;
  try {
    client.transaction(() => {
      throw new RollBack(fn());
    })();
  } catch (outcome) {
    if (outcome instanceof RollBack) return outcome.value as T;
    throw outcome;
  }
  throw new Error("unreachable");
}
