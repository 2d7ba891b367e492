import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { readPageForm } from "~/lib/page-action.server";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError, TextareaField } from "~/components/forms";
import { CONTACT_LIMITS } from "~/forms/limits";
import { ContactSchema } from "~/forms/contact.server";
import { parseForm } from "~/forms/parse.server";
import { clientIp } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { localeOf, rendererFor, translatorFor, wordsFor } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { useT } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";
import { slots, withElements } from "~/components/rich-text";
import { getEnv } from "~/lib/env.server";
import { reserveAttempt } from "~/lib/rate-limit.server";
import { getUser, redirectWithFlash } from "~/auth/session.server";
import { sendContactMessage } from "~/commands/contact.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return {
    words: wordsFor(locale, ["contact"]),
    title: t("meta.contact.title"),
    description: t("meta.contact.description", { brand: PRODUCT_NAME }),
    sent: new URL(request.url).searchParams.get("sent") === "1",
    // The limits and texts come from the schema's module; sending them keeps zod out of the browser.
    limits: CONTACT_LIMITS,
    prefill: user ? { name: user.fullName, email: user.email ?? "" } : { name: "", email: "" },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPageForm(request);
  const values = { name: String(form.name ?? ""), email: String(form.email ?? ""), subject: String(form.subject ?? ""), message: String(form.message ?? "") };
  const locale = localeOf(request);
  if (!reserveAttempt(`contact:${clientIp(request)}`, getEnv().CONTACT_MESSAGES_PER_ADDRESS)) {
    return data({ formError: translatorFor(locale)("contact.tooMany"), fields: {} as Record<string, string>, values }, { status: 429 });
  }
  const parsed = parseForm(ContactSchema, values, rendererFor(locale));
  if (!parsed.ok) return data({ formError: null, fields: parsed.errors, values }, { status: 400 });
  const user = await getUser(request);
  sendContactMessage({ ...parsed.data, actor: user });
  return redirectWithFlash("/contact?sent=1", { kind: "success", message: msg("contact.sent") });
}

export default function Contact() {
  const t = useT();
  const { sent, limits, prefill } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? { ...prefill, subject: "", message: "" };
  return (
    <section className="container-page max-w-xl py-10">
      <h1 className="text-3xl font-bold">{t("contact.title")}</h1>
      <p className="mt-2 text-stone-600">
        {withElements(t("contact.intro", slots("faq")), {
          faq: (
            <Link to="/faq" className="underline">
              {t("contact.faq")}
            </Link>
          ),
        })}
      </p>
      {sent && !result ? (
        <div className="mt-6 rounded-xl border border-leaf-600/30 bg-leaf-700/10 p-4" role="status" data-testid="contact-sent">
          <p className="font-semibold text-leaf-700">{t("contact.sent")}</p>
          <p className="mt-1 text-sm text-stone-700">{t("contact.another")}</p>
        </div>
      ) : null}
      <Form method="post" className="card mt-6 space-y-4" noValidate>
        <FormError message={result?.formError} />
        <Field label={t("contact.name")} name="name" autoComplete="name" required maxLength={limits.name} defaultValue={values.name} error={result?.fields.name} />
        <Field label={t("contact.email")} name="email" type="email" autoComplete="email" required maxLength={limits.email} defaultValue={values.email} error={result?.fields.email} />
        <Field label={t("contact.subject")} name="subject" required maxLength={limits.subject} defaultValue={values.subject} error={result?.fields.subject} />
        <TextareaField
          label={t("contact.message")}
          name="message"
          rows={6}
          required
          minLength={limits.messageMin}
          maxLength={limits.message}
          defaultValue={values.message}
          error={result?.fields.message}
        />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? t("contact.busy") : t("contact.submit")}
        </button>
      </Form>
    </section>
  );
}
