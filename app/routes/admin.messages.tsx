import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageMeta } from "~/lib/meta";
import { requireAdmin } from "~/auth/session.server";
import { listContactMessages } from "~/models/contact.server";

export const meta: MetaFunction = () => pageMeta("Contact messages", "Messages sent through the contact form.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return { messages: listContactMessages().map((m) => ({ id: m.id, name: m.name, email: m.email, subject: m.subject, message: m.message, createdAt: m.createdAt, userId: m.userId })) };
}

export default function AdminMessages() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div>
      <h1 className="text-2xl font-bold sm:text-3xl">Contact messages</h1>
      {messages.length === 0 ? (
        <p className="mt-4 text-sm text-stone-600">No messages yet.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {messages.map((m) => (
            <li key={m.id} className="card" data-message-id={m.id}>
              <h2 className="font-semibold break-words">{m.subject}</h2>
              <p className="text-sm break-all text-stone-600">
                {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a>
                {m.userId ? ` · user #${m.userId}` : ""} · {m.createdAt.slice(0, 16).replace("T", " ")} UTC
              </p>
              <p className="mt-2 text-sm whitespace-pre-line break-words text-stone-800">{m.message}</p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
