import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/status-pages";

export const meta: MetaFunction = () => [{ title: "Page not found | Akoko" }, { name: "description", content: "This page does not exist." }];

export function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
