import type { useLoaderData } from "@remix-run/react";
import type { MessageId } from "~/catalog/en";
import type { T } from "~/catalog/use-words";
import type { adminDashboardLoader } from "~/pages/admin-dashboard.server";
/** What the admin pages say (catalog ids): confirm prompts, fallback messages; how long a message shows. */
/** docs/rules.md#product-constants: the admin message fades after 4 seconds. */
export const ADMIN_MESSAGE_MS = 4000;

/**
 * The confirm prompts (catalog ids). Delete: the browser asks with window.confirm, the server's confirm
 * step without JavaScript. Activate, execute and close: always the server's step, which names the money.
 */
export const DELETE_BATCH_PROMPT = "adminDashboard.prompt.delete";
export const EXECUTE_PAYOUT_PROMPT = "adminDashboard.prompt.execute";
export const CLOSE_BATCH_PROMPT = "adminDashboard.prompt.close";
export const ACTIVATE_BATCH_PROMPT = "adminDashboard.prompt.activate";

/** The fallbacks of docs/rules.md#messages (catalog ids), when the server has no detail to give. */
export const ADMIN_FALLBACK = {
  load: "admin.fallback.load",
  farm: "admin.fallback.farm",
  batch: "admin.fallback.batch",
  delete: "admin.fallback.delete",
  activate: "admin.fallback.activate",
  simulate: "admin.fallback.simulate",
  execute: "admin.fallback.execute",
  close: "admin.fallback.close",
  reserve: "admin.fallback.reserve",
  log: "admin.fallback.log",
  content: "admin.fallback.content",
} as const satisfies Record<string, MessageId>;

/** "2026-11-24 14:05 UTC" (as formatInstant in ~/domain/calendar writes it), in the reader's words. */
export const adminInstant = (t: T, iso: string) => t("admin.instant", { date: iso.slice(0, 10), time: iso.slice(11, 16) });

export const HOW_IT_WORKS_SLUG = "how-it-works";

/** The `locale` query parameter (and the editor's form field) that names the language an admin edits How It Works in. */
export const EDIT_LANGUAGE_FIELD = "locale";

export const ROW_INTENTS = ["activate", "simulate", "execute", "close", "delete"] as const;

export type RowIntent = (typeof ROW_INTENTS)[number];

export type DashboardIntent = "create_farm" | "create_batch" | "fund_reserve" | RowIntent;

export function dashboardIntent(value: unknown): DashboardIntent | null {
  return value === "create_farm" || value === "create_batch" || value === "fund_reserve" || (ROW_INTENTS as readonly unknown[]).includes(value) ? (value as DashboardIntent) : null;
}

/** The editor's form: FAQ rows come as repeated faq_question / faq_answer; a row left blank is dropped. */
export function contentFormInput(form: FormData) {
  const str = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : "";
  };
  const questions = form.getAll("faq_question").map((v) => (typeof v === "string" ? v : ""));
  const answers = form.getAll("faq_answer").map((v) => (typeof v === "string" ? v : ""));
  const faqs = questions.map((question, i) => ({ question, answer: answers[i] ?? "" })).filter((f) => f.question.trim() || f.answer.trim());
  return {
    intent: str("intent"),
    title: str("title"),
    body_md: str("body_md").replace(/\r\n/g, "\n"),
    faqs,
    example_unit_price: str("example_unit_price"),
    example_expected_roi: str("example_expected_roi"),
  };
}

/** What the page's loader sends, as its components receive it. */
export type AdminDashboardData = ReturnType<typeof useLoaderData<typeof adminDashboardLoader>>;
