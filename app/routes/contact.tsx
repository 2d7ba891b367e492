import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Field, FormError, TextareaField } from "~/components/forms";
import { CONTACT_LIMITS } from "~/forms/limits";
import { CONTACT_SENT, CONTACT_TOO_MANY } from "~/pages/contact";
import { ContactSchema } from "~/forms/contact.server";
import { parseForm } from "~/forms/parse.server";
import { clientIp } from "~/lib/http.server";
import { pageMeta } from "~/lib/meta";
import { getEnv } from "~/lib/env.server";
import { reserveAttempt } from "~/lib/rate-limit.server";
import { getUser, redirectWithFlash } from "~/auth/session.server";
import { sendContactMessage } from "~/commands/contact.server";

export const meta: MetaFunction = () => pageMeta("Contact", "Ask the Akoko team about your account, a batch or a payout. Support replies within 24 hours.");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getUser(request);
  return {
    sent: new URL(request.url).searchParams.get("sent") === "1" ? CONTACT_SENT : null,
    // The limits and texts come from the schema's module; sending them keeps zod out of the browser.
    limits: CONTACT_LIMITS,
    prefill: user ? { name: user.fullName, email: user.email } : { name: "", email: "" },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData());
  const values = { name: String(form.name ?? ""), email: String(form.email ?? ""), subject: String(form.subject ?? ""), message: String(form.message ?? "") };
  if (!reserveAttempt(`contact:${clientIp(request)}`, getEnv().CONTACT_MESSAGES_PER_ADDRESS)) {
    return data({ formError: CONTACT_TOO_MANY, fields: {} as Record<string, string>, values }, { status: 429 });
  }
  const parsed = parseForm(ContactSchema, values);
  if (!parsed.ok) return data({ formError: null, fields: parsed.errors, values }, { status: 400 });
  const user = await getUser(request);
  sendContactMessage({ ...parsed.data, actor: user });
  return redirectWithFlash("/contact?sent=1", { kind: "success", message: CONTACT_SENT });
}

export default function Contact() {
  const { sent, limits, prefill } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const values = result?.values ?? { ...prefill, subject: "", message: "" };
  return (
    <section className="container-page max-w-xl py-10">
      <h1 className="text-3xl font-bold">Contact us</h1>
      <p className="mt-2 text-stone-600">
        Questions about your account, a batch or a payout? Write to us and support will reply within 24 hours. Many answers are already in the{" "}
        <Link to="/faq" className="underline">
          FAQ
        </Link>
        .
      </p>
      {sent && !result ? (
        <div className="mt-6 rounded-xl border border-leaf-600/30 bg-leaf-700/10 p-4" role="status" data-testid="contact-sent">
          <p className="font-semibold text-leaf-700">{sent}</p>
          <p className="mt-1 text-sm text-stone-700">You can send another message below.</p>
        </div>
      ) : null}
      <Form method="post" className="card mt-6 space-y-4" noValidate>
        <FormError message={result?.formError} />
        <Field label="Name" name="name" autoComplete="name" required maxLength={limits.name} defaultValue={values.name} error={result?.fields.name} />
        <Field label="Email" name="email" type="email" autoComplete="email" required maxLength={limits.email} defaultValue={values.email} error={result?.fields.email} />
        <Field label="Subject" name="subject" required maxLength={limits.subject} defaultValue={values.subject} error={result?.fields.subject} />
        <TextareaField label="Message" name="message" rows={6} required minLength={limits.messageMin} maxLength={limits.message} defaultValue={values.message} error={result?.fields.message} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? "Sending…" : "Send message"}
        </button>
      </Form>
    </section>
  );
}
