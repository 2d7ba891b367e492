import type { Locale, MessageRef, Params } from "~/catalog/format";
import { render } from "~/catalog/index.server";

/**
 * Stored messages (notices, outbox rows, deposit and withdrawal states, approval summaries) keep a
 * catalog id and its parameters, never a sentence, and are rendered when read, in the reader's
 * language. Rows written before that keep their English text, read as it is.
 */

/** A message as its two columns: the id and the parameters as JSON (null without any). */
export function messageColumns(ref: MessageRef): { id: string; params: string | null } {
  return { id: ref.msg, params: ref.params ? JSON.stringify(ref.params) : null };
}

/** Our own reason an outbox row was not sent, as its columns: the English as written, and the id and parameters read in the reader's language. */
export function lastErrorColumns(reason: MessageRef): { lastError: string; lastErrorId: string; lastErrorParams: string | null } {
  const { id, params } = messageColumns(reason);
  return { lastError: render("en", reason), lastErrorId: id, lastErrorParams: params };
}

/**
 * A flag on a deposit or a withdrawal (why a person must look) as its columns: `flag` stays set (it
 * marks the row flagged; '' now) and the reason is an id and parameters, rendered when read.
 */
export function flagColumns(reason: MessageRef): { flag: string; flagId: string; flagParams: string | null } {
  const { id, params } = messageColumns(reason);
  return { flag: "", flagId: id, flagParams: params };
}

/** The message two columns hold, or null when the row has no id (written before). */
export function storedRef(id: string | null, params: string | null): MessageRef | null {
  if (!id) return null;
  return params ? { msg: id, params: JSON.parse(params) as Params } : { msg: id };
}

/** A stored message in the locale: rendered from its id and parameters, else the text written before. */
export function storedText(locale: Locale, id: string | null, params: string | null, before: string): string;
export function storedText(locale: Locale, id: string | null, params: string | null, before: string | null): string | null;
export function storedText(locale: Locale, id: string | null, params: string | null, before: string | null): string | null {
  const ref = storedRef(id, params);
  return ref ? render(locale, ref) : before;
}
