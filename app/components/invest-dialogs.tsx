import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { Dialog } from "~/components/dialog";
import { Field, FormError } from "~/components/forms";
import { formatGhs } from "~/domain/money";
import { MSG } from "~/domain/messages";
import { AUTO_REINVEST_CHOICE } from "~/pages/invest-list";
import type { InvestPageData } from "~/components/invest-page";

export type InvestActionResult = { ok: false; errors: Record<string, string>; values: Record<string, string> } | undefined;

type DialogData = NonNullable<InvestPageData["dialog"]>;

/** With JavaScript a second tap does nothing while the first is on its way; the idempotency key guards it without. */
function Submit({ children }: { children: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" className="btn-primary w-full" disabled={busy} aria-disabled={busy || undefined}>
      {children}
    </button>
  );
}

function BatchLine({ batch, productLabel }: { batch: Extract<DialogData, { batch: unknown }>["batch"]; productLabel: string }) {
  return (
    <p className="text-sm text-stone-700">
      {productLabel} · {batch.farmName}, {batch.location} · {formatGhs(batch.unitPriceMinor)} per unit · <span data-testid="dialog-available">{batch.availableUnits.toLocaleString("en-GH")}</span>{" "}
      units available · {batch.status}
    </p>
  );
}

function answer(result: InvestActionResult, intent: string) {
  if (!result || result.values.intent !== intent) return { errors: {} as Record<string, string>, values: null as Record<string, string> | null };
  return { errors: result.errors, values: result.values };
}

function InvestDialog({ dialog, isEgg, result }: { dialog: Extract<DialogData, { kind: "invest" }>; isEgg: boolean; result: InvestActionResult }) {
  const { errors, values } = answer(result, "invest");
  const [units, setUnits] = useState(values?.units ?? String(dialog.defaultUnits));
  const n = Number(units);
  const costMinor = Number.isInteger(n) && n > 0 ? n * dialog.batch.unitPriceMinor : 0;
  const productLabel = isEgg ? "Egg Note" : "Chicken Note";
  const autoReinvest = AUTO_REINVEST_CHOICE[isEgg ? "EGG" : "CHICKEN"];
  return (
    <Dialog title={`Invest in Batch #${dialog.batch.id}`} closeTo={dialog.closeTo}>
      <BatchLine batch={dialog.batch} productLabel={productLabel} />
      <p className="mt-1 text-sm text-stone-700">
        Wallet balance: <strong data-testid="wallet-balance">{formatGhs(dialog.walletMinor)}</strong>{" "}
        <Link to="/portfolio?dialog=deposit" className="text-leaf-700 underline">
          Deposit
        </Link>
      </p>
      {dialog.notice ? (
        // Nothing can be bought here now: say why, and offer no form.
        <>
          <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="invest-notice" role="alert">
            {dialog.notice}
          </p>
          <Link to={dialog.closeTo} className="btn-secondary mt-4 w-full" preventScrollReset>
            Back to the batches
          </Link>
        </>
      ) : (
        <Form method="post" action={dialog.action} noValidate preventScrollReset className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="invest" />
          <input type="hidden" name="batch_id" value={dialog.batch.id} />
          <input type="hidden" name="idempotency_key" value={dialog.idempotencyKey} />
          <FormError message={errors.form} />
          <Field
            label="Units"
            name="units"
            type="number"
            inputMode="numeric"
            min={1}
            max={dialog.maxUnits}
            step={1}
            required
            value={units}
            onChange={(e) => setUnits(e.currentTarget.value)}
            error={errors.units}
            hint={`Between 1 and ${dialog.maxUnits.toLocaleString("en-GH")}.`}
          />
          <p className="text-sm">
            Cost: <strong data-testid="invest-cost">{formatGhs(costMinor)}</strong>
            <span className="text-stone-500"> ({formatGhs(dialog.batch.unitPriceMinor)} x units)</span>
          </p>
          <div>
            <label className="flex items-start gap-2 text-sm font-medium">
              <input type="checkbox" name="auto_reinvest" defaultChecked={values?.auto_reinvest === "on"} className="mt-1" aria-describedby="auto-reinvest-rule" />
              <span>{autoReinvest.label}</span>
            </label>
            <p id="auto-reinvest-rule" className="ml-6 text-xs text-stone-600">
              {autoReinvest.rule}
            </p>
          </div>
          <div>
            {/* The links sit outside the label: a tap on them never ticks the box, nor a tap on the label opens them. */}
            <div className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="terms"
                id="invest-terms"
                defaultChecked={values?.terms === "on"}
                className="mt-1"
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? "invest-terms-error" : undefined}
              />
              <label htmlFor="invest-terms">
                {isEgg ? "I accept the Terms and the Risk Disclosure." : "I acknowledge the investment terms: Terms and the Risk Disclosure; capital is not guaranteed."}
              </label>
            </div>
            <p className="mt-1 pl-8 text-sm">
              Read the{" "}
              <Link to="/terms" className="underline">
                Terms
              </Link>{" "}
              and the{" "}
              <Link to="/risk" className="underline">
                Risk Disclosure
              </Link>
              .
            </p>
            {errors.terms ? (
              <p id="invest-terms-error" className="field-error" role="alert">
                {errors.terms}
              </p>
            ) : null}
          </div>
          <Submit>Invest</Submit>
        </Form>
      )}
    </Dialog>
  );
}

function ExitDialog({ dialog, result }: { dialog: Extract<DialogData, { kind: "exit" }>; result: InvestActionResult }) {
  const { errors, values } = answer(result, "exit");
  return (
    <Dialog title={`Early exit from Batch #${dialog.batch.id}`} closeTo={dialog.closeTo}>
      <p className="text-sm text-stone-700">
        {dialog.batch.farmName}, {dialog.batch.location} · {dialog.batch.status} · you hold <strong data-testid="units-held">{dialog.unitsHeld}</strong> units.
      </p>
      <p className="mt-1 text-xs text-stone-600">
        Egg Notes can be offered for early exit from one month after the batch starts. Your units are sold to a new investor at par, less an administrative fee (3-7%), when a buyer is found.
      </p>
      {dialog.notice && !Object.values(errors).includes(dialog.notice) ? (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="exit-notice">
          {dialog.notice}
        </p>
      ) : null}
      <Form method="post" action={dialog.action} noValidate preventScrollReset className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="exit" />
        <input type="hidden" name="batch_id" value={dialog.batch.id} />
        <input type="hidden" name="idempotency_key" value={dialog.idempotencyKey} />
        <FormError message={errors.form} />
        <Field
          label="Units"
          name="units"
          type="number"
          inputMode="numeric"
          min={1}
          max={dialog.maxUnits}
          step={1}
          required
          defaultValue={values?.units ?? String(dialog.defaultUnits)}
          error={errors.units}
        />
        <Submit>Request exit</Submit>
      </Form>
    </Dialog>
  );
}

export function InvestDialogs({ dialog, isEgg, result }: { dialog: InvestPageData["dialog"]; isEgg: boolean; result: InvestActionResult }) {
  if (!dialog) return null;
  if (dialog.kind === "missing") {
    return (
      <Dialog title="Batch not found" closeTo={dialog.closeTo}>
        <p className="text-sm text-stone-700">{dialog.message}</p>
      </Dialog>
    );
  }
  if (dialog.kind === "login") {
    return (
      <Dialog title={dialog.action === "exit" ? `Early exit from Batch #${dialog.batch.id}` : `Invest in Batch #${dialog.batch.id}`} closeTo={dialog.closeTo}>
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="alert">
          {MSG.loginToInvest}
        </p>
        <div className="mt-4 flex gap-2">
          <Link to={dialog.loginHref} className="btn-primary flex-1">
            Log in
          </Link>
          <Link to={dialog.registerHref} className="btn-secondary flex-1">
            Create account
          </Link>
        </div>
      </Dialog>
    );
  }
  if (dialog.kind === "invest") return <InvestDialog key={`${dialog.batch.id}-${dialog.idempotencyKey}`} dialog={dialog} isEgg={isEgg} result={result} />;
  return <ExitDialog dialog={dialog} result={result} />;
}
