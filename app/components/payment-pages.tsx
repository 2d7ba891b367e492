import { Form, Link, useLocation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Field, FormError, SelectField, SubmitButton } from "~/components/forms";
import { PASSWORD_MAX } from "~/forms/limits";
import { StatusChip } from "~/components/portfolio-activity";
import { formatGhs } from "~/domain/money";
import { networkLabel } from "~/domain/wallet";
import { dateTime } from "~/pages/portfolio";
import { useT } from "~/catalog/use-words";

/** How often a pending deposit's page looks again: a meta refresh without JavaScript, a revalidation with it. */
const REFRESH_SECONDS = 5;

type DepositStatusData = {
  deposit: {
    id: number;
    reference: string;
    amountMinor: number;
    status: string;
    method: string;
    network: string | null;
    phoneHint: string | null;
    nextAction: string | null;
    authorizationUrl: string | null;
    message: string;
    createdAt: string;
  };
  balanceMinor: number;
};

/** With JavaScript, a pending deposit's page asks the server again every few seconds (the server asks the provider). */
function usePolling(active: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") revalidate();
    }, REFRESH_SECONDS * 1000);
    return () => clearInterval(timer);
  }, [active, revalidate, state]);
}

export function DepositStatus({ data, error }: { data: DepositStatusData; error: string | null }) {
  const { deposit } = data;
  const { pathname } = useLocation();
  const waiting = deposit.status === "PENDING" && deposit.nextAction !== "enter_otp";
  usePolling(waiting);
  const t = useT();
  return (
    <section className="container-page max-w-lg py-8">
      {/* Without JavaScript the page reloads itself while it waits; with it, usePolling does. */}
      {waiting ? (
        <noscript>
          <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        </noscript>
      ) : null}
      <p className="text-sm">
        <Link to="/portfolio" className="text-leaf-700 underline">
          {t("common.backToPortfolio")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t("payments.depositOf", { amount: formatGhs(deposit.amountMinor) })}</h1>
      <div className="card mt-4 space-y-3">
        <p className="flex flex-wrap items-center gap-2">
          <span className="text-stone-600">{t("payments.status")}</span> <StatusChip status={deposit.status} />
        </p>
        <p className="text-lg font-semibold" role="status" aria-live="polite" data-testid="deposit-message">
          {deposit.message}
        </p>
        {deposit.status === "SUCCEEDED" ? <p className="text-sm text-stone-700">{t("payments.balanceNow", { balance: formatGhs(data.balanceMinor) })}</p> : null}
        {deposit.nextAction === "enter_otp" ? (
          <Form method="post" noValidate className="space-y-3">
            <FormError message={error && !error.startsWith("Enter") ? error : null} />
            <Field label={t("payments.otp")} name="otp" inputMode="numeric" autoComplete="one-time-code" required maxLength={12} error={error?.startsWith("Enter") ? error : null} />
            <SubmitButton>{t("payments.sendCode")}</SubmitButton>
          </Form>
        ) : null}
        {deposit.nextAction === "redirect" && deposit.authorizationUrl ? (
          <a href={deposit.authorizationUrl} className="btn-primary w-full">
            {t("payments.continueToPayment")}
          </a>
        ) : null}
        {waiting ? (
          <p className="text-sm text-stone-600">
            {t("payments.checksEvery", { seconds: REFRESH_SECONDS })}{" "}
            <a href={pathname} className="font-semibold text-leaf-700 underline">
              {t("payments.checkNow")}
            </a>
          </p>
        ) : null}
        <dl className="grid grid-cols-3 gap-2 border-t border-stone-100 pt-3 text-sm">
          <dt className="text-stone-600">{t("payments.paidWith")}</dt>
          <dd className="col-span-2">
            {deposit.method === "mobile_money"
              ? `${deposit.network ? t("payments.mobileMoneyOn", { network: networkLabel(deposit.network) }) : t("payments.mobileMoney")}${deposit.phoneHint ? ` ···${deposit.phoneHint}` : ""}`
              : t("payments.cardOrBank")}
          </dd>
          <dt className="text-stone-600">{t("payments.reference")}</dt>
          <dd className="col-span-2 break-all">{deposit.reference}</dd>
          <dt className="text-stone-600">{t("payments.started")}</dt>
          <dd className="col-span-2">{dateTime(deposit.createdAt)}</dd>
        </dl>
      </div>
    </section>
  );
}

type DestinationsData = {
  destinations: Array<{ id: number; kind: string; label: string }>;
  networks: Array<{ value: string; label: string }>;
  banks: Array<{ code: string; name: string }>;
  banksError: string | null;
  phone: string;
  name: string;
  coolingOffHours: number;
  twoFactor: boolean;
  /** The add form's key: the same form sent again saves nothing more. */
  idempotencyKey: string;
};
type DestinationsResult = { errors: Record<string, string>; values: Record<string, string> };

export function Destinations({ data, result }: { data: DestinationsData; result: DestinationsResult | undefined }) {
  const errors = result?.errors ?? {};
  const values = result?.values.intent === "add" ? result.values : null;
  const kind = values?.kind === "bank" ? "bank" : "mobile_money";
  const t = useT();
  return (
    <section className="container-page max-w-lg py-8">
      <p className="text-sm">
        <Link to="/portfolio?dialog=withdraw" className="text-leaf-700 underline">
          {t("payments.backToWithdraw")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t("payments.destinationsTitle")}</h1>
      <p className="mt-1 text-sm text-stone-600">
        {t("payments.ownNameOnly")}
        {data.coolingOffHours > 0 ? t("payments.coolingOff", { hours: data.coolingOffHours }) : ""}
      </p>
      <div className="card mt-4">
        <h2 className="font-semibold">{t("payments.saved")}</h2>
        {result?.values.intent === "remove" ? <FormError message={errors.form ?? errors.destination_id} /> : null}
        {data.destinations.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t("payments.nothingSaved")}</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100">
            {data.destinations.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm" data-testid="destination">
                <span>{d.label}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="destination_id" value={d.id} />
                  <input type="hidden" name="idempotency_key" value={`${data.idempotencyKey}-remove-${d.id}`} />
                  <button type="submit" className="btn-secondary" aria-label={t("payments.removeLabel", { destination: d.label })}>
                    {t("payments.remove")}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="card mt-4">
        <h2 className="font-semibold">{t("payments.addDestination")}</h2>
        <Form method="post" noValidate className="group mt-3 space-y-3">
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="idempotency_key" value={data.idempotencyKey} />
          <FormError message={values ? errors.form : null} />
          <fieldset>
            <legend className="field-label">{t("payments.kind")}</legend>
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              <label className="field-choice text-sm">
                <input id="dest-momo" type="radio" name="kind" value="mobile_money" defaultChecked={kind === "mobile_money"} /> {t("payments.mobileMoney")}
              </label>
              <label className="field-choice text-sm">
                <input id="dest-bank" type="radio" name="kind" value="bank" defaultChecked={kind === "bank"} /> {t("payments.bankAccount")}
              </label>
            </div>
            {errors.kind ? (
              <p className="field-error" role="alert">
                {errors.kind}
              </p>
            ) : null}
          </fieldset>
          <SelectField className="group-has-[#dest-bank:checked]:hidden" label={t("payments.network")} name="network" defaultValue={values?.network ?? "MTN"} error={errors.network}>
            {data.networks.map((n) => (
              <option key={n.value} value={n.value}>
                {n.label}
              </option>
            ))}
          </SelectField>
          <Field
            className="group-has-[#dest-bank:checked]:hidden"
            label={t("payments.momoNumber")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={30}
            defaultValue={values?.phone ?? data.phone}
            error={errors.phone}
            placeholder={t("payments.phoneExample")}
          />
          <div className="space-y-3 group-has-[#dest-momo:checked]:hidden">
            {data.banksError ? (
              <p className="field-error" role="alert">
                {data.banksError}
              </p>
            ) : null}
            <SelectField label={t("payments.bank")} name="bank_code" defaultValue={values?.bank_code ?? ""} error={errors.bank_code}>
              <option value="">{t("payments.chooseBank")}</option>
              {data.banks.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </SelectField>
            <Field
              label={t("payments.accountNumber")}
              name="account_number"
              inputMode="numeric"
              autoComplete="off"
              maxLength={24}
              defaultValue={values?.account_number ?? ""}
              error={errors.account_number}
            />
          </div>
          <Field
            label={t("payments.holderName")}
            name="name"
            autoComplete="name"
            maxLength={100}
            required
            defaultValue={values?.name ?? data.name}
            error={errors.name}
            hint={t("payments.holderNameHint")}
          />
          <Field
            label={t("payments.password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            error={errors.password}
            hint={t("payments.passwordHint")}
          />
          {data.twoFactor ? (
            <Field label={t("payments.twoFactorCode")} name="code" inputMode="text" autoComplete="one-time-code" required maxLength={20} error={errors.code} hint={t("payments.twoFactorHint")} />
          ) : null}
          <SubmitButton>{t("payments.saveDestination")}</SubmitButton>
        </Form>
      </div>
    </section>
  );
}
