import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { requireAdmin } from "~/auth/session.server";
import { listContactMessages } from "~/models/contact.server";
import { localeOf, translatorFor, wordsFor } from "~/catalog/index.server";
import { useT } from "~/catalog/use-words";
import { adminInstant } from "~/pages/admin";

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.title, data.description) : []);

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const locale = localeOf(request);
  const t = translatorFor(locale);
  return {
    words: wordsFor(locale, ["adminMessages"]),
    title: t("adminMeta.messages.title"),
    description: t("adminMeta.messages.description"),
    messages: listContactMessages().map((m) => ({ id: m.id, name: m.name, email: m.email, subject: m.subject, message: m.message, createdAt: m.createdAt, userId: m.userId })),
  };
}

export default function AdminMessages() {
  const t = useT();
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">{t("adminMessages.title")}</h1>
      {messages.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">{t("adminMessages.none")}</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {messages.map((m) => (
            <li key={m.id} className="card" data-message-id={m.id}>
              <h2 className="font-semibold break-words">{m.subject}</h2>
              <p className="text-sm break-all text-stone-600">
                {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a>
                {m.userId ? ` · ${t("adminMessages.user", { id: m.userId })}` : ""} · {adminInstant(t, m.createdAt)}
              </p>
              <p className="mt-2 text-sm whitespace-pre-line break-words text-stone-800">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
