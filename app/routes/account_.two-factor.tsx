import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field } from "~/components/forms";
import { PASSWORD_MAX } from "~/forms/limits";
import { pageMeta } from "~/lib/meta";
import { twoFactorAction, twoFactorLoader } from "~/pages/two-factor.server";

export const meta: MetaFunction = () => pageMeta("Two-factor sign-in", "Protect your Akoko account with a code from an authenticator app.");

export const loader = twoFactorLoader;
export const action = twoFactorAction;

type FormResult = { error: string; field: string } | undefined;

/** `withPassword`: a change a session alone must not make asks for the password too (issue 26). */
function CodeForm({ intent, label, result, hint, withPassword = false }: { intent: string; label: string; result: FormResult; hint: string; withPassword?: boolean }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-3 space-y-3">
      <input type="hidden" name="intent" value={intent} />
      {withPassword ? (
        <Field label="Password" name="password" type="password" autoComplete="current-password" required maxLength={PASSWORD_MAX} error={result?.field === "password" ? result.error : undefined} />
      ) : null}
      <Field label="Code" name="code" inputMode="text" autoComplete="one-time-code" required maxLength={20} error={result && result.field !== "password" ? result.error : undefined} hint={hint} />
      <button type="submit" className={intent === "disable" ? "btn-secondary w-full sm:w-auto" : "btn-primary w-full sm:w-auto"} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

export default function TwoFactor() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const resultFor = (intent: string): FormResult => (result && !result.ok && result.intent === intent ? { error: result.error, field: result.field } : undefined);
  if (result?.ok) {
    return (
      <section className="container-page max-w-lg py-8">
        <h1 className="text-2xl font-bold">{result.message}</h1>
        <div className="card mt-4" data-testid="recovery-codes">
          <h2 className="font-semibold">Your recovery codes</h2>
          <p className="mt-1 text-sm text-stone-700">
            Each one lets you log in once without your phone. Write them down or print this page now and keep them somewhere safe: they are shown only this once.
          </p>
          <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-base">
            {result.recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
        <p className="mt-4">
          <Link to="/account" className="font-semibold text-leaf-700 underline">
            Back to your account
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="container-page max-w-lg py-8">
      <p className="text-sm">
        <Link to="/account" className="text-leaf-700 underline">
          Back to your account
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Two-factor sign-in</h1>
      {d.enabled ? (
        <>
          {d.mustSignInAgain ? (
            <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" role="alert" data-testid="sign-in-again">
              This session signed in without a two-factor code, so it cannot use the admin pages. Log out, then log in again with the code from your app.
            </p>
          ) : null}
          <p className="mt-2" data-testid="two-factor-state">
            Two-factor sign-in is <strong>on</strong>. You have {d.recoveryLeft} unused recovery code{d.recoveryLeft === 1 ? "" : "s"}.
          </p>
          <div className="card mt-4">
            <h2 className="font-semibold">New recovery codes</h2>
            <CodeForm intent="regenerate" label="Make new recovery codes" result={resultFor("regenerate")} hint="The 6-digit code your app shows now." withPassword />
          </div>
          <div className="card mt-4">
            <h2 className="font-semibold">Turn it off</h2>
            <CodeForm intent="disable" label="Turn two-factor sign-in off" result={resultFor("disable")} hint="A code from your app, or a recovery code." withPassword />
          </div>
        </>
      ) : (
        <>
          {d.mustEnrol ? (
            <p className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm" role="alert" data-testid="must-enrol">
              Admins can move money, so their accounts need two-factor sign-in. Set it up to continue to the admin pages.
            </p>
          ) : null}
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm">
            <li>Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Aegis, 2FAS…).</li>
            <li>Scan this code with it, or type the key below into it.</li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <div className="card mt-4">
            <div className="mx-auto w-48 max-w-full" role="img" aria-label="QR code for your authenticator app" data-testid="totp-qr" dangerouslySetInnerHTML={{ __html: d.qrSvg }} />
            <p className="mt-3 text-sm">
              Key:{" "}
              <code className="break-all font-mono" data-testid="totp-secret">
                {d.secret}
              </code>
            </p>
            <CodeForm intent="enable" label="Turn on two-factor sign-in" result={resultFor("enable")} hint="The 6-digit code your app shows now." />
          </div>
        </>
      )}
    </section>
  );
}
