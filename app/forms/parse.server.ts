import { z } from "zod";
import type { en, MessageId } from "~/catalog/en";
import type { MessageRef, Params, ParamsArg } from "~/catalog/format";
import { englishOf } from "~/domain/errors";

/**
 * How every form and JSON body is read: a zod schema from app/forms gives the typed values, or the
 * first message for each field (field name -> message; "form" for the body as a whole). Pages show
 * the messages beside their fields; the API answers the first as {"detail"}.
 */
export type FormParse<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

export function parseForm<S extends z.ZodType>(schema: S, input: unknown): FormParse<z.infer<S>> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}

/**
 * A form rule's message: a catalog message, typed like msg() in ~/catalog/ref. Give it where zod takes
 * a message (`z.string(formMsg(...))`, `.min(1, formMsg(...))`, `.refine(ok, formMsg(...))`). zod then
 * carries its English text as the issue's message, and the message itself as the issue's `ref`, which
 * fieldErrors renders in the reader's language.
 */
export function formMsg<Id extends MessageId>(id: Id, ...params: ParamsArg<(typeof en)[Id]>): FormMessage {
  const ref: MessageRef = params[0] === undefined ? { msg: id } : { msg: id, params: params[0] as Params };
  return {
    error: (issue: object) => {
      Object.assign(issue, { ref });
      return englishOf(ref);
    },
  };
}

export type FormMessage = { error: (issue: object) => string };

/** For a refinement's ctx.addIssue: the issue's English message and its catalog message. */
export function formIssue<Id extends MessageId>(id: Id, ...params: ParamsArg<(typeof en)[Id]>): { message: string; params: { ref: MessageRef } } {
  const ref: MessageRef = params[0] === undefined ? { msg: id } : { msg: id, params: params[0] as Params };
  return { message: englishOf(ref), params: { ref } };
}

/** An issue's catalog message, or zod's own English where a rule names none. */
function messageOf(issue: z.core.$ZodIssue): string | MessageRef {
  const carried = issue as { ref?: MessageRef; params?: { ref?: MessageRef } };
  return carried.ref ?? carried.params?.ref ?? issue.message;
}

/** Field name -> first message, unrendered (a door renders it in its reader's language). */
export function fieldMessages(error: z.ZodError): Record<string, string | MessageRef> {
  const out: Record<string, string | MessageRef> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? "form")] ??= messageOf(issue);
  return out;
}

/** Field name -> first message, rendered by `render` (English unless a door passes its reader's language). */
export function fieldErrors(error: z.ZodError, render: (message: MessageRef) => string = englishOf): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldMessages(error)).map(([field, message]) => [field, typeof message === "string" ? message : render(message)]));
}

// ---- fields every page form shares ----

/** A text field as typed (kept for the form to show back); the rule behind it reads it later. */
export const formText = (max: number) => z.string().max(max, "That value is too long.").optional().default("");
/** The hidden key that makes a double-tapped submit count once. */
export const idempotencyKey = z.string().max(200).optional();
/** A positive whole id; anything else gets `message` (usually "... not found."). */
export const formId = (message: string | FormMessage) =>
  z.coerce
    .number(typeof message === "string" ? { error: message } : message)
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message);
