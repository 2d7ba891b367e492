import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CATEGORY_LABELS } from "~/domain/notices";
import { pageMeta } from "~/lib/meta";
import { unsubscribe } from "~/commands/account.server";
import { readUnsubscribeToken } from "~/models/messages.server";

export const meta: MetaFunction = () => pageMeta("Unsubscribe", "Stop a kind of email from Akoko.");

const INVALID = "This unsubscribe link is not valid. Choose what you receive on your account page.";

/**
 * The link in every notice's footer and List-Unsubscribe header: no login, no JavaScript. Opening
 * it asks (a scanner's GET changes nothing); the button, or a mail client's one-click POST
 * (RFC 8058, body List-Unsubscribe=One-Click), turns that kind of email off.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const read = readUnsubscribeToken(params.token ?? "");
  // A link we did not make: the page says so, with the status saying it too.
  return read ? { label: CATEGORY_LABELS[read.category] } : data({ label: null }, { status: 404 });
}

export function action({ params }: ActionFunctionArgs) {
  const done = unsubscribe({ token: params.token ?? "" });
  return done ? { done: done.label } : data({ done: null }, { status: 404 });
}

export default function Unsubscribe() {
  const { label } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section className="container-page max-w-md py-10">
      <h1 className="text-2xl font-bold">Unsubscribe</h1>
      <div className="card mt-6" role="status">
        {result?.done ? (
          <p data-testid="unsubscribed">You will no longer get emails about {result.done.toLowerCase()}. Security messages still come. You can change this on your account page.</p>
        ) : label && !result ? (
          <Form method="post">
            <p>Stop emails about {label.toLowerCase()}?</p>
            <button type="submit" className="btn-primary mt-4 w-full">
              Unsubscribe
            </button>
          </Form>
        ) : (
          <p>{INVALID}</p>
        )}
        <Link to="/account#messages" className="btn-secondary mt-4">
          Choose what you receive
        </Link>
      </div>
    </section>
  );
}
