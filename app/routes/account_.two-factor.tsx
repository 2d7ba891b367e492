import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/forms";
import { PASSWORD_MAX } from "~/forms/limits";
import { pageMeta } from "~/lib/meta";
import { useT } from "~/catalog/use-words";
import { slots, withElements } from "~/components/rich-text";
import { twoFactorAction, twoFactorLoader } from "~/pages/two-factor.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export const loader = twoFactorLoader;
export const action = twoFactorAction;

type FormResult = { error: string; field: string } | undefined;

/** `withPassword`: a change a session alone must not make asks for the password too (issue 26). */
function CodeForm({ intent, label, result, hint, withPassword = false }: { intent: string; label: string; result: FormResult; hint: string; withPassword?: boolean }) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <Form method="post" className="mt-3 space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {withPassword ? (
        <Field
          label={t("account.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={PASSWORD_MAX}
          error={result?.field === "password" ? result.error : undefined}
        />
      ) : null}
      <Field
        label={t("account.code")}
        name="code"
        inputMode="text"
        autoComplete="one-time-code"
        required
        maxLength={20}
        error={result && result.field !== "password" ? result.error : undefined}
        hint={hint}
      />
      <button type="submit" className={intent === "disable" ? "btn-secondary w-full sm:w-auto" : "btn-primary w-full sm:w-auto"} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

export default function TwoFactor() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  const resultFor = (intent: string): FormResult => (result && !result.ok && result.intent === intent ? { error: result.error, field: result.field } : undefined);
  if (result?.ok) {
    return (
      <section className="container-page max-w-lg py-8">
        <h1 className="text-2xl font-bold">{result.message}</h1>
        <div className="card mt-4" data-testid="recovery-codes">
          <h2 className="font-semibold">{t("account.recoveryCodes")}</h2>
          <p className="mt-1 text-sm text-stone-700">{t("account.recoveryCodesNote")}</p>
          <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-base">
            {result.recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
        <p className="mt-4">
          <Link to="/account" className="font-semibold text-leaf-700 underline">
            {t("account.backToAccount")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="container-page max-w-lg py-8">
      <p className="text-sm">
        <Link to="/account" className="text-leaf-700 underline">
          {t("account.backToAccount")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t("account.twoFactor")}</h1>
      {d.enabled ? (
        <>
          {d.mustSignInAgain ? (
            <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" role="alert" data-testid="sign-in-again">
              {t("account.signInAgain")}
            </p>
          ) : null}
          <p className="mt-2" data-testid="two-factor-state">
            {withElements(t("account.stateOn", { ...slots("on"), left: { msg: "account.recoveryLeft", params: { count: d.recoveryLeft } } }), { on: <strong>{t("account.on")}</strong> })}
          </p>
          <div className="card mt-4">
            <h2 className="font-semibold">{t("account.newRecoveryCodes")}</h2>
            <CodeForm intent="regenerate" label={t("account.makeNewCodes")} result={resultFor("regenerate")} hint={t("account.codeNow")} withPassword />
          </div>
          <div className="card mt-4">
            <h2 className="font-semibold">{t("account.turnItOff")}</h2>
            <CodeForm intent="disable" label={t("account.turnOff")} result={resultFor("disable")} hint={t("account.codeOrRecovery")} withPassword />
          </div>
        </>
      ) : (
        <>
          {d.mustEnrol ? (
            <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" role="alert" data-testid="must-enrol">
              {t("account.mustEnrol")}
            </p>
          ) : null}
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
            <li>{t("account.step1")}</li>
            <li>{t("account.step2")}</li>
            <li>{t("account.step3")}</li>
          </ol>
          <div className="card mt-4">
            <div className="mx-auto w-48 max-w-full" role="img" aria-label={t("account.qrLabel")} data-testid="totp-qr" dangerouslySetInnerHTML={{ __html: d.qrSvg }} />
            <p className="mt-3 text-sm">
              {withElements(t("account.key", slots("key")), {
                key: (
                  <code className="break-all font-mono" data-testid="totp-secret">
                    {d.secret}
                  </code>
                ),
              })}
            </p>
            <CodeForm intent="enable" label={t("account.turnOn")} result={resultFor("enable")} hint={t("account.codeNow")} />
          </div>
        </>
      )}
    </section>
  );
}
