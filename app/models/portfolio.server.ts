import { fieldErrors } from "~/forms/parse.server";
import { z } from "zod";
import { destinationErrorField, destinationInput, type ListedInvestment } from "~/pages/portfolio";
import { DestinationSchema } from "~/forms/wallet.server";
import { MOMO_PROVIDERS } from "~/domain/wallet";
import { getDb } from "~/lib/db.server";
import { listExitRequests, listMyInvestments } from "~/models/investment.server";
import type { Destination } from "~/models/wallet.server";

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

// ---- the portfolio page's forms: one action, a hidden `intent` ----
// Kept in a .server module so zod (about 90 KB gzipped) never reaches the browser bundle.


const formText = (max: number) => z.string().max(max, "That value is too long.").optional().default("");
const idempotencyKey = z.string().max(200).optional();
const formId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

export const PortfolioActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("deposit"), amount: formText(40), idempotency_key: idempotencyKey }),
    z.object({
      intent: z.literal("withdraw"),
      amount: formText(40),
      method: formText(10),
      momo_provider: formText(40),
      bank_name: formText(100),
      account_number: formText(40),
      confirmed: formText(5),
      idempotency_key: idempotencyKey,
    }),
    z.object({ intent: z.literal("reinvest"), investment_id: formId("Investment not found."), units: formText(20), idempotency_key: idempotencyKey }),
    z.object({ intent: z.literal("cancel_exit"), exit_id: formId("Exit request not found."), idempotency_key: idempotencyKey }),
  ],
  { error: "This form could not be read. Please reload the page and try again." },
);
export type PortfolioAction = z.infer<typeof PortfolioActionSchema>;
export type WithdrawForm = Extract<PortfolioAction, { intent: "withdraw" }>;


/**
 * The withdraw form's destination through the one destination rule (DestinationSchema), with each
 * error placed beside the field the investor filled in.
 */
export function parseWithdrawDestination(form: WithdrawForm): { ok: true; destination: Destination } | { ok: false; errors: Record<string, string> } {
  const parsed = DestinationSchema.safeParse(destinationInput(form));
  if (parsed.success) return { ok: true, destination: { method: parsed.data.method, provider: parsed.data.provider, accountNumber: parsed.data.account_number } };
  return { ok: false, errors: Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([field, message]) => [destinationErrorField(field, form.method), message])) };
}

/** The mobile money networks the withdraw form offers (the rule's own list). */
export const momoNetworks = (): string[] => [...MOMO_PROVIDERS];
