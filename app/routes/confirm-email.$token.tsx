import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { confirmEmail } from "~/commands/account.server";
import { CONTACT_MESSAGES, emailLinkValid } from "~/models/contacts.server";

export const meta: MetaFunction = () => pageMeta("Confirm your email address", "Confirm the email address of your Akoko account.");

/**
 * Opening the link only asks: a mail scanner that follows links must not spend it. The button confirms.
 * The page's words travel in the loader's and action's data: CONTACT_MESSAGES lives in a server
 * module, which the browser's bundle does not have.
 */
export function loader({ params }: LoaderFunctionArgs) {
  return { valid: emailLinkValid(params.token ?? ""), expired: CONTACT_MESSAGES.emailLinkExpired };
}

export function action({ params }: ActionFunctionArgs) {
  const confirmed = confirmEmail({ token: params.token ?? "" });
  return { confirmed, message: confirmed ? CONTACT_MESSAGES.emailConfirmed : CONTACT_MESSAGES.emailLinkExpired };
}

export default function ConfirmEmail() {
  const { valid, expired } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const confirmed = result?.confirmed === true;
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">Confirm your email address</h1>
      <div className="card mt-6" role="status">
        {confirmed ? (
          <>
            <p data-testid="email-confirmed">{result.message}</p>
            <Link to="/account#messages" className="btn-primary mt-4">
              Choose what you receive
            </Link>
          </>
        ) : valid && !result ? (
          <Form method="post">
            <p>Press the button to confirm that this is your email address.</p>
            <button type="submit" className="btn-primary mt-4 w-full">
              Confirm my email
            </button>
          </Form>
        ) : (
          <>
            <p>{result?.message ?? expired}</p>
            <Link to="/account#messages" className="btn-secondary mt-4">
              Go to your account
            </Link>
          </>
        )}
      </div>
    </section>
  );
}
