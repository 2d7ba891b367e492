import { Link } from "@remix-run/react";
import { useT } from "~/catalog/use-words";
import { withElements } from "~/components/rich-text";

type Contacts = { emailConfirmed: boolean; hasPhone: boolean; phoneConfirmed: boolean };

/**
 * One line on the portfolio: which contacts are confirmed (only those get payout and money notices
 * by email and SMS), with a link to confirm the rest on the account page. Works without JavaScript.
 */
export function ContactStatus({ contacts }: { contacts: Contacts }) {
  const t = useT();
  const done = contacts.emailConfirmed && contacts.phoneConfirmed;
  const state = (yes: boolean) => (yes ? <strong className="text-green-800">{t("accountStatus.confirmed")}</strong> : <strong className="text-amber-800">{t("accountStatus.notConfirmed")}</strong>);
  return (
    <p className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm" data-testid="contact-status">
      <span>{withElements(t("accountStatus.email", { state: "{state}" }), { state: state(contacts.emailConfirmed) })}</span>
      <span>
        {withElements(t("accountStatus.phone", { state: "{state}" }), {
          state: contacts.hasPhone ? state(contacts.phoneConfirmed) : <strong className="text-stone-600">{t("accountStatus.notAdded")}</strong>,
        })}
      </span>
      <Link to="/account#messages" className="font-semibold text-leaf-700 underline">
        {done ? t("accountStatus.messagesAndContacts") : t("accountStatus.confirmForMessages")}
      </Link>
    </p>
  );
}
