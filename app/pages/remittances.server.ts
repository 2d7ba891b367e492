import { msg } from "~/catalog/ref";
import { errorField, logger } from "~/lib/logger.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DomainError } from "~/domain/errors";
import { minorToDecimalString } from "~/domain/money";
import { periodWords, readRemittance, readSurplusSettlement, remittancePeriodChoices, RemittanceInvalid, SHEET_FIELDS, SURPLUS_REFERENCE } from "~/domain/remittances";
import { today } from "~/lib/clock.server";
import { HttpError, parseId } from "~/lib/http.server";
import { newIdempotencyKey, notFoundResponse, readPageForm } from "~/lib/page-action.server";
import { redirectWithFlash, requireAdmin } from "~/auth/session.server";
import { getBatch } from "~/models/batch.server";
import { batchNextPayoutDue } from "~/models/payout.server";
import { listRemittances, listSurplusSettlements, settlementHeldMinor, sheetPrefill } from "~/models/remittance.server";
import { recordRemittance, settleSurplus } from "~/commands/admin-payouts.server";
import { detailIn, localeOf, render, translatorFor, wordsFor } from "~/catalog/index.server";
import type { Locale } from "~/catalog/format";

/** The admin's remittances page (/admin/batches/<id>/remittances): the form, prefilled from the daily logs, and the list. */

export type RemittanceResult = { ok: false; errors: Record<string, string>; values: Record<string, string> };

/** The batch the path names, or the page's 404 in the reader's `locale`. */
function batchOr404(idParam: string | undefined, locale: Locale) {
  let id: number;
  try {
    id = parseId(idParam, msg("rules.batchNotFound"));
  } catch {
    throw notFoundResponse(msg("rules.batchNotFound"), locale);
  }
  const batch = getBatch(id);
  if (!batch) throw notFoundResponse(msg("rules.batchNotFound"), locale);
  return batch;
}

const dec = (minor: number | null | undefined) => (minor === null || minor === undefined ? "" : minorToDecimalString(minor));

export async function remittancesLoader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const b = batchOr404(params.id, locale);
  // The period to prefill: ?period=, else the next payout due (eggs: the oldest unpaid month with holders), else this month.
  const asked = new URL(request.url).searchParams.get("period")?.trim().toUpperCase();
  const due = batchNextPayoutDue(b);
  const period = asked || (b.productType === "CHICKEN" ? "HARVEST" : (due?.period ?? today().slice(0, 7)));
  const pre = sheetPrefill(b.id, period);
  const t = translatorFor(locale);
  return {
    words: wordsFor(locale, ["adminRemittances"]),
    title: t("adminMeta.remittances.title", { batchId: b.id }),
    description: t("adminMeta.remittances.description"),
    batch: { id: b.id, productType: b.productType, farmName: b.farmName, location: b.location, status: b.status, startDate: b.startDate },
    period,
    // The form's periods as a list to pick from: HARVEST and CLOSE are codes, shown in the reader's words.
    periods: remittancePeriodChoices(b, today().slice(0, 7), [period]),
    prefill: {
      crates_sold: pre.cratesSold?.toString() ?? "",
      birds_sold: pre.birdsSold?.toString() ?? "",
      live_weight_kg: pre.liveWeightKg?.toString() ?? "",
      feed_cost: dec(pre.feedCostMinor),
    } as Record<string, string>,
    feedKg: pre.feedKg ?? null,
    heldMinor: settlementHeldMinor(b.id),
    // An ended batch's surplus (what the farm remitted beyond what its runs paid) and where it went.
    ended: b.status === "HARVESTED" || b.status === "CLOSED",
    surplusSettled: listSurplusSettlements(b.id),
    referenceLimits: SURPLUS_REFERENCE,
    remittances: listRemittances(b.id),
    idempotencyKey: newIdempotencyKey(),
  };
}

export async function remittancesAction({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const locale = localeOf(request);
  const b = batchOr404(params.id, locale);
  const values = await readPageForm(request);
  const ctx = { actor: admin, key: values.idempotency_key || null };
  try {
    if (values.intent === "surplus") {
      // What is left once the batch ended: back to the farm or to the reserve (four eyes).
      const settled = settleSurplus(ctx, { batchId: b.id, ...readSurplusSettlement(values) });
      return redirectWithFlash(`/admin/batches/${b.id}/remittances`, { kind: "success", message: settled.ran ? settled.outcome.message : msg("approvalOutcome.sentForApproval") });
    }
    const remittance = readRemittance(values, b, today().slice(0, 7));
    const recorded = recordRemittance(ctx, { batchId: b.id, remittance });
    return redirectWithFlash(`/admin/batches/${b.id}/remittances`, {
      kind: "success",
      message: msg("adminRemittances.flash.recorded", { amount: { money: recorded.amountMinor }, period: periodWords(recorded.period) }),
    });
  } catch (error) {
    const surplus = values.intent === "surplus";
    const shownBeside = (field: string | undefined) =>
      surplus
        ? field === "to" || field === "reference"
          ? `surplus_${field}`
          : "surplus"
        : field && (field === "period" || field === "amount" || SHEET_FIELDS.some(([f]) => f === field))
          ? field
          : "form";
    if (error instanceof RemittanceInvalid) {
      const errors = Object.fromEntries(Object.entries(error.fields).map(([field, ref]) => [shownBeside(field), render(locale, ref)]));
      return data({ ok: false as const, errors, values } satisfies RemittanceResult, { status: 400 });
    }
    if (error instanceof DomainError || error instanceof HttpError) {
      const field = error instanceof DomainError ? shownBeside(error.field) : "form";
      return data({ ok: false as const, errors: { [field]: detailIn(locale, error) }, values } satisfies RemittanceResult, {
        status: error.status === 404 ? 404 : error.status === 409 ? 409 : 400,
      });
    }
    logger.error({ err: errorField(error) }, "page action failed");
    return data({ ok: false as const, errors: { form: translatorFor(locale)("admin.fallback.remittance") }, values } satisfies RemittanceResult, { status: 500 });
  }
}
