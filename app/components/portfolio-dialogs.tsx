import { Form, Link } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { Dialog } from "~/components/dialog";
import { CheckCostButton, CostLine, costOfTyped, TermsBox, UnitsField, WhatToExpect } from "~/components/invest-dialogs";
import { Field, FormError, SelectField, SubmitButton } from "~/components/forms";
import { FlashMessage, type ToastMessage } from "~/components/toast";
import { formatGhs, parseAmountToMinor } from "~/domain/money";
import { SUGGESTED_AMOUNTS, atAnchor, dateTime, investmentAnchor, portfolioHref, receiptHref, withdrawPrompt } from "~/pages/portfolio";
import type { PortfolioData } from "~/pages/portfolio";
import { useT } from "~/catalog/use-words";
import { productLinks, slots, withElements } from "~/components/rich-text";
import { Cell } from "~/components/stacked-cell";

export type ActionResult = { ok: false; errors: Record<string, string>; values: Record<string, string> } | { ok: true; confirm: { prompt: string; fields: Record<string, string> } };

type Props = { data: PortfolioData; result: ActionResult | undefined; onNote: (note: ToastMessage) => void; note?: ToastMessage | null };

/** The action's answer when it belongs to this form (errors and what was typed). */
function answerFor(result: ActionResult | undefined, intent: string) {
  if (!result || result.ok) return { errors: {} as Record<string, string>, values: null as Record<string, string> | null };
  if (result.values.intent !== intent) return { errors: {}, values: null };
  return { errors: result.errors, values: result.values };
}

const Hidden = ({ name, value }: { name: string; value: string | number }) => <input type="hidden" name={name} value={value} />;

/**
 * Links that fill the amount in: without JavaScript the server prefills ?amount=; with it the
 * field is filled at once, without a round trip.
 */
function Suggestions({ base, dialog, inputId }: { base: string; dialog: string; inputId: string }) {
  const t = useT();
  return (
    <div className="mt-2 flex gap-2" aria-label={t("portfolioDialogs.suggested")}>
      {SUGGESTED_AMOUNTS.map((a) => (
        <Link
          key={a}
          to={portfolioHref(base, { dialog, amount: a })}
          replace
          preventScrollReset
          className="btn-secondary flex-1 px-2"
          aria-label={t("portfolioDialogs.useAmount", { amount: a })}
          onClick={(event) => {
            const input = document.getElementById(inputId);
            if (!(input instanceof HTMLInputElement)) return;
            event.preventDefault();
            input.value = a;
            input.focus();
          }}
        >
          {t("portfolioDialogs.amountGhs", { amount: a })}
        </Link>
      ))}
    </div>
  );
}

function DepositDialog({ data, amount, result }: Props & { amount: string }) {
  const { errors, values } = answerFor(result, "deposit");
  const base = data.base;
  const t = useT();
  return (
    <Dialog title={t("portfolioDialogs.deposit")} closeTo={portfolioHref(base)}>
      {data.payments.settleAtOnce ? (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-700">{t("portfolioDialogs.depositsSimulated")}</p>
      ) : (
        <p className="text-sm text-stone-700">{t("portfolioDialogs.creditedOnConfirm")}</p>
      )}
      <Form method="post" action={portfolioHref(base, { dialog: "deposit" })} noValidate preventScrollReset className="group mt-4 space-y-3">
        <Hidden name="intent" value="deposit" />
        <Hidden name="idempotency_key" value={data.idempotencyKey} />
        <FormError message={errors.form} />
        <Field
          key={amount}
          id="deposit-amount"
          label={t("portfolioDialogs.amount")}
          name="amount"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
          defaultValue={values?.amount ?? amount}
          error={errors.amount}
          hint={t("portfolioDialogs.depositAmountHint")}
        />
        <Suggestions base={base} dialog="deposit" inputId="deposit-amount" />
        {data.payments.settleAtOnce ? null : <DepositMethodFields data={data} errors={errors} values={values} />}
        <SubmitButton>{t("portfolioDialogs.deposit")}</SubmitButton>
      </Form>
    </Dialog>
  );
}

/** How to pay: mobile money (network and number, prefilled from the profile) or card/bank on the provider's page. */
function DepositMethodFields({ data, errors, values }: { data: PortfolioData; errors: Record<string, string>; values: Record<string, string> | null }) {
  const method = values?.method === "checkout" ? "checkout" : "mobile_money";
  const t = useT();
  return (
    <>
      <fieldset>
        <legend className="field-label">{t("portfolioDialogs.payWith")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          <label className="field-choice text-sm">
            <input id="dep-momo" type="radio" name="method" value="mobile_money" defaultChecked={method === "mobile_money"} /> {t("portfolioDialogs.mobileMoney")}
          </label>
          <label className="field-choice text-sm">
            <input id="dep-checkout" type="radio" name="method" value="checkout" defaultChecked={method === "checkout"} /> {t("portfolioDialogs.cardOrBank")}
          </label>
        </div>
        {errors.method ? (
          <p className="field-error" role="alert">
            {errors.method}
          </p>
        ) : null}
      </fieldset>
      <SelectField className="group-has-[#dep-checkout:checked]:hidden" label={t("portfolioDialogs.network")} name="network" defaultValue={values?.network ?? "MTN"} error={errors.network}>
        {data.payments.networks.map((n) => (
          <option key={n.value} value={n.value}>
            {n.label}
          </option>
        ))}
      </SelectField>
      <Field
        className="group-has-[#dep-checkout:checked]:hidden"
        label={t("portfolioDialogs.momoNumber")}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={30}
        defaultValue={values?.phone ?? data.payments.phone}
        error={errors.phone}
        placeholder={t("portfolioDialogs.phoneExample")}
        hint={t("portfolioDialogs.approveOnPhone")}
      />
      <p className="text-sm text-stone-600 group-has-[#dep-momo:checked]:hidden">{t("portfolioDialogs.providerPage")}</p>
    </>
  );
}

/** Saved destinations (a provider that pays out later sends money only to these). */
function DestinationFields({ data, errors, values }: { data: PortfolioData; errors: Record<string, string>; values: Record<string, string> | null }) {
  const saved = data.payments.destinations;
  // Chosen for the investor only if it can receive money now: one in its cooling-off hours would be refused.
  const ready = saved.find((d) => d.usable);
  const t = useT();
  return (
    <>
      {saved.length > 0 ? (
        <SelectField label={t("portfolioDialogs.sendTo")} name="destination_id" defaultValue={values?.destination_id ?? (ready ? String(ready.id) : "")} error={errors.destination_id}>
          {ready ? null : <option value="">{t("portfolioDialogs.chooseDestination")}</option>}
          {saved.map((d) => (
            <option key={d.id} value={d.id}>
              {d.label}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-stone-700" role={errors.destination_id ? "alert" : undefined}>
          {errors.destination_id ?? t("portfolioDialogs.addDestinationFirst")}
        </p>
      )}
      <p className="text-sm">
        <Link to="/portfolio/destinations" className="text-leaf-700 underline">
          {saved.length > 0 ? t("portfolioDialogs.manageDestinations") : t("portfolioDialogs.addDestination")}
        </Link>
      </p>
    </>
  );
}

function WithdrawDialog({ data, amount, result }: Props & { amount: string }) {
  const { errors, values } = answerFor(result, "withdraw");
  const base = data.base;
  const balanceMinor = data.wallet.balanceMinor;
  const action = portfolioHref(base, { dialog: "withdraw" });
  const close = portfolioHref(base);
  const t = useT();
  if (result?.ok && result.confirm) {
    const f = result.confirm.fields;
    return (
      <Dialog title={t("portfolioDialogs.confirmWithdrawal")} closeTo={close}>
        <p className="text-lg font-semibold" data-testid="withdraw-prompt">
          {result.confirm.prompt}
        </p>
        <p className="mt-1 text-sm text-stone-600">
          {t("portfolioDialogs.to", {
            destination: f.destination_id
              ? (data.payments.destinations.find((d) => String(d.id) === f.destination_id)?.label ?? "")
              : f.method === "BANK"
                ? t("portfolioDialogs.bankAccountNo", { bank: f.bank_name ?? "", account: f.account_number ?? "" })
                : `${f.momo_provider} ${f.account_number}`,
            balance: formatGhs(balanceMinor),
          })}
        </p>
        <Form method="post" action={action} preventScrollReset className="mt-4 flex gap-2">
          {Object.entries(f)
            .filter(([k]) => k !== "idempotency_key")
            .map(([k, v]) => (
              <Hidden key={k} name={k} value={v} />
            ))}
          <Hidden name="idempotency_key" value={data.idempotencyKey} />
          <SubmitButton className="btn-primary flex-1">{t("portfolioDialogs.confirm")}</SubmitButton>
          <Link to={portfolioHref(base, { dialog: "withdraw", amount: f.amount })} replace preventScrollReset className="btn-secondary flex-1">
            {t("portfolioDialogs.cancel")}
          </Link>
        </Form>
      </Dialog>
    );
  }
  // With JavaScript: ask with window.confirm, then send confirmed=1. Without it, the server asks.
  const ask = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const confirmed = form.elements.namedItem("confirmed") as HTMLInputElement;
    const typed = parseAmountToMinor((form.elements.namedItem("amount") as HTMLInputElement).value);
    // An amount the server will refuse gets its answer straight away; there is nothing to confirm.
    if (typed.ok && typed.minor <= balanceMinor && !window.confirm(withdrawPrompt(t, typed.minor))) {
      event.preventDefault();
      return;
    }
    confirmed.value = "1";
  };
  const method = values?.method === "BANK" ? "BANK" : "MOMO";
  return (
    <Dialog title={t("portfolioDialogs.withdraw")} closeTo={close}>
      <p className="text-sm text-stone-700">
        {withElements(t("portfolioDialogs.availableBalance", slots("balance")), { balance: <strong data-testid="available-balance">{formatGhs(balanceMinor)}</strong> })}
      </p>
      <Form method="post" action={action} noValidate preventScrollReset onSubmit={ask} className="group mt-4 space-y-3">
        <Hidden name="intent" value="withdraw" />
        <Hidden name="idempotency_key" value={data.idempotencyKey} />
        <input type="hidden" name="confirmed" defaultValue="" />
        <FormError message={errors.form} />
        <Field
          key={amount}
          id="withdraw-amount"
          label={t("portfolioDialogs.amount")}
          name="amount"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
          defaultValue={values?.amount ?? amount}
          error={errors.amount}
          hint={t("portfolioDialogs.withdrawAmountHint")}
        />
        <Suggestions base={base} dialog="withdraw" inputId="withdraw-amount" />
        {data.payments.settleAtOnce ? (
          <>
            <fieldset>
              <legend className="field-label">{t("portfolioDialogs.sendTo")}</legend>
              <div className="mt-1 flex gap-4">
                <label className="field-choice text-sm">
                  <input id="wd-momo" type="radio" name="method" value="MOMO" defaultChecked={method === "MOMO"} /> {t("portfolioDialogs.mobileMoney")}
                </label>
                <label className="field-choice text-sm">
                  <input id="wd-bank" type="radio" name="method" value="BANK" defaultChecked={method === "BANK"} /> {t("portfolioDialogs.bankAccount")}
                </label>
              </div>
              {errors.method ? (
                <p className="field-error" role="alert">
                  {errors.method}
                </p>
              ) : null}
            </fieldset>
            <SelectField
              className="group-has-[#wd-bank:checked]:hidden"
              label={t("portfolioDialogs.network")}
              name="momo_provider"
              defaultValue={values?.momo_provider ?? data.momoProviders[0]}
              error={errors.momo_provider}
            >
              {data.momoProviders.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </SelectField>
            <Field
              className="group-has-[#wd-momo:checked]:hidden"
              label={t("portfolioDialogs.bankName")}
              name="bank_name"
              maxLength={80}
              defaultValue={values?.bank_name ?? ""}
              error={errors.bank_name}
            />
            <Field
              label={t("portfolioDialogs.accountNumber")}
              name="account_number"
              inputMode="tel"
              autoComplete="off"
              maxLength={30}
              required
              defaultValue={values?.account_number ?? ""}
              error={errors.account_number}
              placeholder={t("portfolioDialogs.phoneExample")}
            />
          </>
        ) : (
          <DestinationFields data={data} errors={errors} values={values} />
        )}
        <SubmitButton>{t("portfolioDialogs.withdraw")}</SubmitButton>
      </Form>
    </Dialog>
  );
}

type DetailsDialogData = Extract<NonNullable<PortfolioData["dialog"]>, { kind: "details" }>;
type ReinvestDialogData = Extract<NonNullable<PortfolioData["dialog"]>, { kind: "reinvest" }>;

/** Closing a holding's dialog returns to its row (#investment-<id>), without JavaScript too. */
const backToRow = (base: string, investmentId: number) => atAnchor(portfolioHref(base), investmentAnchor(investmentId));

function DetailsDialog({ data, dialog, onNote, note }: Props & { dialog: DetailsDialogData }) {
  const { investment, payouts } = dialog;
  const t = useT();
  return (
    <Dialog title={t("portfolioDialogs.investmentNo", { id: investment.id })} closeTo={backToRow(data.base, investment.id)}>
      {note ? <FlashMessage key={note.message} flash={note} className="mb-3" /> : null}
      <p className="text-sm text-stone-700">
        {t("portfolioDialogs.summary", {
          batchId: investment.batchId,
          units: { number: investment.units },
          amount: formatGhs(investment.amountMinor),
          status: { msg: `portfolio.investmentStatus.${investment.status}` },
        })}
      </p>
      <Link to={receiptHref(investment.id)} className="mt-1 inline-block text-sm font-semibold text-leaf-700 underline">
        {t("portfolioDialogs.receipt")}
      </Link>
      <h3 className="mt-4 font-semibold">{t("portfolioDialogs.payouts")}</h3>
      {payouts.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("portfolioDialogs.noPayouts")}</p>
      ) : (
        <>
          {/* A card per payout on a phone, each value under its column's name (six columns do not fit the dialog there). */}
          <div className="mt-2 overflow-x-auto" role="region" aria-label={t("portfolioDialogs.payoutsTable")} tabIndex={0}>
            <table className="w-full text-left text-sm max-sm:block">
              <thead className="border-b border-stone-200 text-xs text-stone-600 uppercase max-sm:sr-only">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    {t("portfolioDialogs.col.id")}
                  </th>
                  {/* Each payout before tax, the tax withheld, and what reached the wallet. */}
                  <th scope="col" className="px-2 py-1">
                    {t("portfolioDialogs.col.amount")} <span className="block font-normal">{t("money.beforeTax")}</span>
                  </th>
                  <th scope="col" className="px-2 py-1">
                    {t("portfolioDialogs.col.tax")}
                  </th>
                  <th scope="col" className="px-2 py-1">
                    {t("portfolioDialogs.col.net")} <span className="block font-normal">{t("money.afterTax")}</span>
                  </th>
                  {[t("portfolioDialogs.col.kind"), t("portfolioDialogs.col.date")].map((h) => (
                    <th key={h} scope="col" className="px-2 py-1">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-sm:block">
                {payouts.map((p) => (
                  <tr key={p.id} className="border-b border-stone-100 last:border-0 max-sm:grid max-sm:grid-cols-3 max-sm:gap-x-2 max-sm:py-2">
                    <Cell label={t("portfolioDialogs.col.id")} className="sm:px-2 sm:py-1">
                      #{p.id}
                    </Cell>
                    <Cell label={`${t("portfolioDialogs.col.amount")} ${t("money.beforeTax")}`} className="sm:px-2 sm:py-1 sm:whitespace-nowrap" data-payout-gross>
                      {formatGhs(p.amountMinor)}
                    </Cell>
                    <Cell label={t("portfolioDialogs.col.tax")} className="sm:px-2 sm:py-1 sm:whitespace-nowrap" data-payout-tax>
                      {formatGhs(p.taxMinor)}
                    </Cell>
                    <Cell label={`${t("portfolioDialogs.col.net")} ${t("money.afterTax")}`} className="font-semibold sm:px-2 sm:py-1 sm:whitespace-nowrap" data-payout-net>
                      {formatGhs(p.netMinor)}
                    </Cell>
                    <Cell label={t("portfolioDialogs.col.kind")} className="sm:px-2 sm:py-1">
                      {t(`portfolioDialogs.payoutKind.${p.kind}`)}
                    </Cell>
                    <Cell label={t("portfolioDialogs.col.date")} className="sm:px-2 sm:py-1">
                      {dateTime(p.createdAt)}
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <a href={`/portfolio/payouts/${investment.id}.csv`} className="btn-secondary mt-3" onClick={() => onNote({ kind: "success", message: t("portfolioDialogs.payoutsDownloaded") })}>
            {t("portfolioDialogs.downloadPayouts")}
          </a>
        </>
      )}
    </Dialog>
  );
}

function ReinvestDialog({ data, dialog, result }: Props & { dialog: ReinvestDialogData }) {
  const { errors, values } = answerFor(result, "reinvest");
  const { investment, batch, buying } = dialog;
  const base = data.base;
  const t = useT();
  const title = t("portfolioDialogs.reinvestInto", { batchId: investment.batchId });
  if (!batch || !buying) {
    // The batch takes no money now: say why, and offer no form.
    return (
      <Dialog title={title} closeTo={backToRow(base, investment.id)}>
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="reinvest-notice" role="alert">
          {dialog.notice}
        </p>
        <p className="mt-3 text-sm text-stone-700">{withElements(t("portfolioDialogs.openBatchesAre", slots("eggs", "chicken")), productLinks(t))}</p>
        <Link to={backToRow(base, investment.id)} className="btn-secondary mt-4 w-full" preventScrollReset>
          {t("common.backToPortfolio")}
        </Link>
      </Dialog>
    );
  }
  return (
    <Dialog title={title} closeTo={backToRow(base, investment.id)}>
      <p className="text-sm text-stone-700">
        {t("portfolioDialogs.batchOffer", {
          product: { msg: batch.productType === "EGG" ? "portfolioDialogs.eggNote" : "portfolioDialogs.chickenNote" },
          farm: batch.farmName,
          price: formatGhs(batch.unitPriceMinor),
          available: { number: batch.availableUnits },
          status: { msg: `portfolioDialogs.batchStatus.${batch.status}` },
        })}
      </p>
      <p className="mt-1 text-sm text-stone-700">{t("portfolioDialogs.walletBalance", { balance: formatGhs(data.wallet.balanceMinor) })}</p>
      <p className="mt-1 text-xs text-stone-600">{t("explain.reinvest")}</p>
      {/* A new page (another check, the action's answer) starts from its own units. */}
      <ReinvestForm key={`${investment.id}-${data.idempotencyKey}`} data={data} investmentId={investment.id} batch={batch} buying={buying} errors={errors} values={values} />
    </Dialog>
  );
}

/**
 * What the invest dialog says before money moves, in its words and pieces: the cost and the income
 * after tax for the units in the field (followed as typed with JavaScript; without it, "Check the
 * cost" asks again with ?units=), the dates, the way out, the risk and the terms box. The form sends
 * the units its figures are for (`shown_units`): the buying rule buys no other number unseen.
 */
function ReinvestForm({
  data,
  investmentId,
  batch,
  buying,
  errors,
  values,
}: {
  data: PortfolioData;
  investmentId: number;
  batch: NonNullable<ReinvestDialogData["batch"]>;
  buying: NonNullable<ReinvestDialogData["buying"]>;
  errors: Record<string, string>;
  values: Record<string, string> | null;
}) {
  const t = useT();
  const [units, setUnits] = useState(values?.units ?? buying.units.value);
  // The rule's answer to the units "Check the cost" sent, while they are still the ones in the field.
  const checked = units === buying.units.value ? buying.units.error : null;
  const costMinor = costOfTyped(units, batch.unitPriceMinor);
  return (
    <Form method="post" action={portfolioHref(data.base, { dialog: "reinvest", id: investmentId })} noValidate preventScrollReset className="mt-4 space-y-3">
      <Hidden name="intent" value="reinvest" />
      <Hidden name="investment_id" value={investmentId} />
      <Hidden name="idempotency_key" value={data.idempotencyKey} />
      <Hidden name="shown_units" value={units} />
      {/* What "Check the cost" (a GET of the portfolio) needs to reopen this dialog as it was; the post ignores them. */}
      {buying.check.fields.map(([name, value]) => (
        <Hidden key={name} name={name} value={value} />
      ))}
      <FormError message={errors.form ?? errors.batch_id ?? errors.investment_id} />
      <UnitsField
        label={t("portfolioDialogs.units")}
        value={units}
        max={buying.maxUnits}
        error={errors.units ?? checked}
        hint={t("investDialogs.between", { max: { number: buying.maxUnits } })}
        onUnits={setUnits}
      />
      <CostLine costMinor={costMinor} unitPriceMinor={batch.unitPriceMinor} />
      <WhatToExpect facts={{ expectedRoi: batch.expectedRoi, dates: buying.dates, taxRate: buying.taxRate }} isEgg={batch.productType === "EGG"} costMinor={costMinor} />
      <TermsBox productType={batch.productType} defaultChecked={values ? values.terms === "on" : buying.termsTicked} error={errors.terms} />
      <div className="flex gap-2">
        <CheckCostButton action={buying.check.action} testId="reinvest-check" />
        <SubmitButton className="btn-primary flex-1">{t("portfolioDialogs.reinvest")}</SubmitButton>
      </div>
    </Form>
  );
}

/** Whichever dialog the URL opens, plus a banner for a failed Cancel (which has no dialog). */
export function PortfolioDialog(props: Props) {
  const { data, result } = props;
  const dialog = data.dialog;
  const cancelFailed = result && !result.ok && result.values.intent === "cancel_exit" ? (result.errors.form ?? Object.values(result.errors)[0]) : null;
  return (
    <>
      {cancelFailed ? (
        <div className="mt-4">
          <FormError message={cancelFailed} />
        </div>
      ) : null}
      {dialog?.kind === "deposit" ? <DepositDialog {...props} amount={dialog.amount} /> : null}
      {dialog?.kind === "withdraw" ? <WithdrawDialog {...props} amount={dialog.amount} /> : null}
      {dialog?.kind === "details" ? <DetailsDialog {...props} dialog={dialog} /> : null}
      {dialog?.kind === "reinvest" ? <ReinvestDialog {...props} dialog={dialog} /> : null}
    </>
  );
}
