import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { Dialog } from "~/components/dialog";
import { Field, FormError, SubmitButton } from "~/components/forms";
import { formatGhs } from "~/domain/money";

import type { InvestPageData } from "~/components/invest-page";
import { slots, withElements } from "~/components/rich-text";
import { useT } from "~/catalog/use-words";
import { BeforeTax } from "~/components/after-tax";
import { expectedPayoutAfterTax } from "~/domain/schedules";
import { exitProceeds, readUnitCount } from "~/domain/investing";
import type { InvestDates } from "~/pages/invest-list";

export type InvestActionResult = { ok: false; errors: Record<string, string>; values: Record<string, string> } | undefined;

type DialogData = NonNullable<InvestPageData["dialog"]>;

function BatchLine({ batch, isEgg }: { batch: Extract<DialogData, { batch: unknown }>["batch"]; isEgg: boolean }) {
  const t = useT();
  return (
    <p className="text-sm text-stone-700">
      {withElements(
        t("investDialogs.batchLine", {
          ...slots("available"),
          product: { msg: isEgg ? "investDialogs.product.EGG" : "investDialogs.product.CHICKEN" },
          farm: batch.farmName,
          location: batch.location,
          price: formatGhs(batch.unitPriceMinor),
          status: { msg: `batchCard.status.${batch.status}` },
        }),
        { available: <span data-testid="dialog-available">{batch.availableUnits.toLocaleString("en-GH")}</span> },
      )}
    </p>
  );
}

/** What the figures before buying are worked out from: the batch's expected return, its dates and the withholding tax rate. */
export type ExpectFacts = { expectedRoi: number; dates: InvestDates; taxRate: number };

/** The cost of the units in the field (as typed, with JavaScript): none while they are not a positive whole number. */
export function costOfTyped(units: string, unitPriceMinor: number): number {
  const n = Number(units);
  return Number.isInteger(n) && n > 0 ? n * unitPriceMinor : 0;
}

/**
 * What the investor reads before pressing Invest (or the portfolio's Reinvest): the income after
 * withholding tax for these units (a month's, or the harvest's), the dates, when the money can come
 * out, and that capital is not guaranteed. The income follows the units with JavaScript, as the cost does.
 */
export function WhatToExpect({ facts, isEgg, costMinor }: { facts: ExpectFacts; isEgg: boolean; costMinor: number }) {
  const t = useT();
  const expected = expectedPayoutAfterTax(isEgg ? "EGG" : "CHICKEN", costMinor, facts.expectedRoi, facts.taxRate);
  // The income part only: a harvest also pays the cost back, which is never taxed.
  const income = { grossMinor: expected.incomeMinor, taxMinor: expected.taxMinor, netMinor: expected.incomeMinor - expected.taxMinor };
  const { dates } = facts;
  return (
    <div className="space-y-2 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm" data-testid="invest-expect">
      <div>
        <p>
          {withElements(t(isEgg ? "investDialogs.income.EGG" : "investDialogs.income.CHICKEN", { ...slots("net"), cost: formatGhs(costMinor) }), {
            net: <strong data-testid="invest-net-income">{formatGhs(income.netMinor)}</strong>,
          })}
        </p>
        <BeforeTax figure={income} rate={facts.taxRate} />
      </div>
      <p data-testid="invest-dates">
        {isEgg
          ? dates.firstDate && dates.firstPeriod && dates.endDate
            ? t("investDialogs.dates.EGG", { date: { date: dates.firstDate }, period: dates.firstPeriod, end: { date: dates.endDate } })
            : t("investDialogs.datesAbout.EGG")
          : dates.harvestFrom && dates.endDate
            ? t(dates.harvestPassed ? "investDialogs.datesLate.CHICKEN" : "investDialogs.dates.CHICKEN", { from: { date: dates.harvestFrom }, to: { date: dates.endDate } })
            : t("investDialogs.datesAbout.CHICKEN")}
      </p>
      <p data-testid="invest-exit-rule">{t(isEgg ? "investDialogs.moneyOut.EGG" : "investDialogs.moneyOut.CHICKEN")}</p>
      <p className="font-semibold text-amber-900" data-testid="invest-capital">
        {t("investDialogs.capitalAtRisk")}
      </p>
    </div>
  );
}

/** The cost of the units in the field, and the price it is worked out from. */
export function CostLine({ costMinor, unitPriceMinor }: { costMinor: number; unitPriceMinor: number }) {
  const t = useT();
  return (
    <p className="text-sm">
      {withElements(t("investDialogs.cost", slots("cost", "each")), {
        cost: <strong data-testid="invest-cost">{formatGhs(costMinor)}</strong>,
        each: <span className="text-stone-500">{t("investDialogs.costEach", { price: formatGhs(unitPriceMinor) })}</span>,
      })}
    </p>
  );
}

/** The terms box in the product's words (the buying rule refuses an unticked one with the same product's words), and its error. */
export function TermsBox({ productType, defaultChecked, error }: { productType: "EGG" | "CHICKEN"; defaultChecked: boolean; error: string | undefined }) {
  const t = useT();
  return (
    <div>
      {/* The links sit outside the label: a tap on them never ticks the box, nor a tap on the label opens them. */}
      <label htmlFor="invest-terms" className="field-choice text-sm">
        <input type="checkbox" name="terms" id="invest-terms" defaultChecked={defaultChecked} aria-invalid={error ? true : undefined} aria-describedby={error ? "invest-terms-error" : undefined} />
        <span>{t(`investDialogs.accept.${productType}`)}</span>
      </label>
      <p className="pl-8 text-sm">
        {withElements(t("investDialogs.readTerms", slots("terms", "risk")), {
          terms: (
            <Link to="/terms" className="underline">
              {t("investDialogs.terms")}
            </Link>
          ),
          risk: (
            <Link to="/risk" className="underline">
              {t("investDialogs.risk")}
            </Link>
          ),
        })}
      </p>
      {error ? (
        <p id="invest-terms-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Without JavaScript the figures are for the units the page was sent with: this asks the page again
 * by GET (`action`, with the form's fields and `?units=`) to show them for the units typed.
 */
export function CheckCostButton({ action, testId }: { action: string; testId: string }) {
  const t = useT();
  return (
    <button type="submit" formMethod="get" formAction={action} className="btn-secondary flex-1" data-testid={testId}>
      {t("investDialogs.checkCost")}
    </button>
  );
}

/** The units field of a buying or exit dialog; the dialog's figures follow what it holds (`onUnits`). */
export function UnitsField({
  label,
  value,
  max,
  error,
  hint,
  onUnits,
}: {
  label: string;
  value: string;
  max: number;
  error: string | null | undefined;
  hint?: string;
  onUnits: (units: string) => void;
}) {
  return (
    <Field label={label} name="units" type="number" inputMode="numeric" min={1} max={max} step={1} required value={value} onChange={(e) => onUnits(e.currentTarget.value)} error={error} hint={hint} />
  );
}

function answer(result: InvestActionResult, intent: string) {
  if (!result || result.values.intent !== intent) return { errors: {} as Record<string, string>, values: null as Record<string, string> | null };
  return { errors: result.errors, values: result.values };
}

function InvestDialog({ dialog, isEgg, result }: { dialog: Extract<DialogData, { kind: "invest" }>; isEgg: boolean; result: InvestActionResult }) {
  const t = useT();
  const { errors, values } = answer(result, "invest");
  const [units, setUnits] = useState(values?.units ?? dialog.units.value);
  // The rule's answer to the units "Check the cost" sent, while they are still the ones in the field.
  const checked = units === dialog.units.value ? dialog.units.error : null;
  const costMinor = costOfTyped(units, dialog.batch.unitPriceMinor);
  const type = isEgg ? "EGG" : "CHICKEN";
  return (
    <Dialog title={t("investDialogs.investTitle", { id: dialog.batch.id })} closeTo={dialog.closeTo}>
      <BatchLine batch={dialog.batch} isEgg={isEgg} />
      <p className="mt-1 text-sm text-stone-700">
        {withElements(t("investDialogs.wallet", slots("balance", "deposit")), {
          balance: <strong data-testid="wallet-balance">{formatGhs(dialog.walletMinor)}</strong>,
          deposit: (
            <Link to="/portfolio?dialog=deposit" className="text-leaf-700 underline">
              {t("investDialogs.deposit")}
            </Link>
          ),
        })}
      </p>
      {dialog.notice ? (
        // Nothing can be bought here now: say why, and offer no form.
        <>
          <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="invest-notice" role="alert">
            {dialog.notice}
          </p>
          <Link to={dialog.closeTo} className="btn-secondary mt-4 w-full" preventScrollReset>
            {t("investDialogs.back")}
          </Link>
        </>
      ) : (
        <Form method="post" action={dialog.action} noValidate preventScrollReset className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="invest" />
          <input type="hidden" name="batch_id" value={dialog.batch.id} />
          <input type="hidden" name="idempotency_key" value={dialog.idempotencyKey} />
          {/* The units the figures below are for: the server buys no other number unseen. */}
          <input type="hidden" name="shown_units" value={units} />
          {/* What "Check the cost" (a GET of this page) needs to reopen this dialog on the same list; the post ignores them. */}
          {dialog.check.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <FormError message={errors.form} />
          <UnitsField
            label={t("investDialogs.units")}
            value={units}
            max={dialog.maxUnits}
            error={errors.units ?? checked}
            hint={t("investDialogs.between", { max: { number: dialog.maxUnits } })}
            onUnits={setUnits}
          />
          <CostLine costMinor={costMinor} unitPriceMinor={dialog.batch.unitPriceMinor} />
          <WhatToExpect facts={{ expectedRoi: dialog.batch.expectedRoi, dates: dialog.dates, taxRate: dialog.taxRate }} isEgg={isEgg} costMinor={costMinor} />
          <div>
            <label className="field-choice text-sm font-medium">
              <input type="checkbox" name="auto_reinvest" defaultChecked={values ? values.auto_reinvest === "on" : dialog.ticked.autoReinvest} aria-describedby="auto-reinvest-rule" />
              <span>{t(`investDialogs.autoReinvest.${type}`)}</span>
            </label>
            <p id="auto-reinvest-rule" className="ml-8 text-xs text-stone-600">
              {t(`investDialogs.autoReinvestRule.${type}`)}
            </p>
          </div>
          <TermsBox productType={type} defaultChecked={values ? values.terms === "on" : dialog.ticked.terms} error={errors.terms} />
          <div className="flex gap-2">
            <CheckCostButton action={dialog.check.action} testId="invest-check" />
            <SubmitButton className="btn-primary flex-1">{t("investDialogs.invest")}</SubmitButton>
          </div>
        </Form>
      )}
    </Dialog>
  );
}

function ExitDialog({ dialog, result }: { dialog: Extract<DialogData, { kind: "exit" }>; result: InvestActionResult }) {
  const t = useT();
  const { errors, values } = answer(result, "exit");
  const { preview } = dialog;
  const [units, setUnits] = useState(values?.units ?? preview.value);
  // The rule's answer to the units "Check the cost" sent, while they are still the ones in the field.
  const checked = units === preview.value ? preview.unitsError : null;
  // The figures follow the units in the field (as typed, with JavaScript), by the exit rule itself.
  const typed = readUnitCount(units);
  const priceMinor = typed.ok ? typed.units * dialog.batch.unitPriceMinor : 0;
  const figures = typed.ok ? { units: typed.units, priceMinor, ...exitProceeds(priceMinor, preview.feeRate) } : null;
  return (
    <Dialog title={t("investDialogs.exitTitle", { id: dialog.batch.id })} closeTo={dialog.closeTo}>
      <p className="text-sm text-stone-700">
        {withElements(
          t("investDialogs.exitHolding", {
            ...slots("units"),
            farm: dialog.batch.farmName,
            location: dialog.batch.location,
            status: { msg: `batchCard.status.${dialog.batch.status}` },
          }),
          { units: <strong data-testid="units-held">{dialog.unitsHeld.toLocaleString("en-GH")}</strong> },
        )}
      </p>
      <p className="mt-1 text-sm text-stone-700" data-testid="exit-can-offer">
        {t("investDialogs.canOffer", { count: dialog.unitsHeld, canOffer: preview.canOffer, offered: preview.unitsOffered })}
      </p>
      <p className="mt-1 text-xs text-stone-600">{t("investDialogs.exitRule")}</p>
      {dialog.notice && !Object.values(errors).includes(dialog.notice) ? (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="exit-notice">
          {dialog.notice}
        </p>
      ) : null}
      <Form method="post" action={dialog.action} noValidate preventScrollReset className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="exit" />
        <input type="hidden" name="batch_id" value={dialog.batch.id} />
        <input type="hidden" name="idempotency_key" value={dialog.idempotencyKey} />
        {/* The units the figures below are for: the server offers no other number unseen. */}
        <input type="hidden" name="shown_units" value={units} />
        {/* What "Check the cost" (a GET of this page) needs to reopen this dialog on the same list; the post ignores them. */}
        {dialog.check.fields.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FormError message={errors.form} />
        <UnitsField label={t("investDialogs.units")} value={units} max={dialog.maxUnits} error={errors.units ?? checked} onUnits={setUnits} />
        {figures ? (
          <div className="rounded-lg bg-stone-50 p-3 text-sm" data-testid="exit-preview">
            <p className="font-semibold">{t("investDialogs.previewTitle", { count: figures.units })}</p>
            <dl className="mt-1 grid grid-cols-2 gap-x-3 gap-y-1">
              <dt>{t("investDialogs.atPar")}</dt>
              <dd className="text-right" data-testid="exit-price">
                {formatGhs(figures.priceMinor)}
              </dd>
              <dt>{t("investDialogs.fee", { rate: preview.feeLabel })}</dt>
              <dd className="text-right" data-testid="exit-fee">
                {formatGhs(-figures.feeMinor)}
              </dd>
              <dt className="font-semibold">{t("investDialogs.youReceive")}</dt>
              <dd className="text-right font-semibold" data-testid="exit-net">
                {formatGhs(figures.netMinor)}
              </dd>
            </dl>
            <p className="mt-2 text-xs text-stone-600">{t("investDialogs.fillsWhen")}</p>
          </div>
        ) : null}
        <div className="flex gap-2">
          <CheckCostButton action={dialog.check.action} testId="exit-check" />
          <SubmitButton className="btn-primary flex-1">{t("investDialogs.requestExit")}</SubmitButton>
        </div>
      </Form>
    </Dialog>
  );
}

export function InvestDialogs({ dialog, isEgg, result }: { dialog: InvestPageData["dialog"]; isEgg: boolean; result: InvestActionResult }) {
  const t = useT();
  if (!dialog) return null;
  if (dialog.kind === "missing") {
    return (
      <Dialog title={t("investDialogs.notFound")} closeTo={dialog.closeTo}>
        <p className="text-sm text-stone-700">{dialog.message}</p>
      </Dialog>
    );
  }
  if (dialog.kind === "login") {
    return (
      <Dialog title={dialog.action === "exit" ? t("investDialogs.exitTitle", { id: dialog.batch.id }) : t("investDialogs.investTitle", { id: dialog.batch.id })} closeTo={dialog.closeTo}>
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="alert">
          {dialog.action === "exit" ? t("investDialogs.loginToExit") : t("investDialogs.loginToInvest")}
        </p>
        <div className="mt-4 flex gap-2">
          <Link to={dialog.loginHref} className="btn-primary flex-1">
            {t("investDialogs.logIn")}
          </Link>
          <Link to={dialog.registerHref} className="btn-secondary flex-1">
            {t("investDialogs.createAccount")}
          </Link>
        </div>
      </Dialog>
    );
  }
  if (dialog.kind === "invest") return <InvestDialog key={`${dialog.batch.id}-${dialog.idempotencyKey}`} dialog={dialog} isEgg={isEgg} result={result} />;
  return <ExitDialog key={`${dialog.batch.id}-${dialog.idempotencyKey}`} dialog={dialog} result={result} />;
}
