import type { MetaFunction } from "@remix-run/node";
import { translatorOf, type WithWords } from "~/catalog/use-words";
import { PRODUCT_NAME } from "~/components/brand";
import { NotFound } from "~/components/status-pages";

/** Its loader always throws: the page's words are the root's. */
export const meta: MetaFunction = ({ matches }) => {
  const t = translatorOf(matches.find((m) => m.id === "root")?.data as WithWords);
  return [{ title: t("common.pageTitle", { title: t("common.notFound.title"), brand: PRODUCT_NAME }) }, { name: "description", content: t("common.notFound.description") }];
};

export function loader() {
  throw new Response("Not found", { status: 404 });
}

/** A form posted to a path nobody serves is not found either (without an action it was Remix's 405). */
export const action = loader;

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
