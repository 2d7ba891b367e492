import { z } from "zod";
import type { en, MessageId } from "~/catalog/en";
import type { MessageRef, ParamsArg } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { englishOf } from "~/domain/errors";

/**
 * How every form and JSON body is read: a zod schema from app/forms gives the typed values, or the
 * first message for each field (field name -> message; "form" for the body as a whole). Pages show
 * the messages beside their fields; the API answers the first as {"detail"}.
 */
export type FormParse<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/**
 * Reads `input` by `schema`; a refusal's messages are rendered by `render`: a door passes its
 * reader's language (`rendererFor(locale)` from ~/catalog/index.server); tests and logs `englishOf`.
 */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown, render: RenderMessage): FormParse<z.infer<S>> {
  const parsed = schema.safeParse(input);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error, render) };
}

/** How a door turns a message into text in its reader's language (`rendererFor(locale)`). */
export type RenderMessage = (message: MessageRef) => string;

/** A form's message for a field: a catalog message, or zod's own English where a rule names none. */
export type FieldMessage = string | MessageRef;

/**
 * A form rule's message: a catalog message, typed like msg() in ~/catalog/ref. Give it where zod takes
 * a message (`z.string(formMsg(...))`, `.min(1, formMsg(...))`, `.refine(ok, formMsg(...))`). zod then
 * carries its English text as the issue's message, and the message itself as the issue's `ref`, which
 * fieldErrors renders in the reader's language.
 */
export function formMsg<Id extends MessageId>(id: Id, ...params: ParamsArg<(typeof en)[Id]>): FormMessage {
  return formMessage(msg(id, ...params));
}

export type FormMessage = { error: (issue: object) => string };

/** formMsg for a message already named with msg() (a rule that hands its message on, e.g. cedis()). */
export function formMessage(ref: MessageRef): FormMessage {
  return {
    error: (issue: object) => {
      Object.assign(issue, { ref });
      return englishOf(ref);
    },
  };
}

/** For a refinement's ctx.addIssue: the issue's English message and its catalog message. */
export function formIssue<Id extends MessageId>(id: Id, ...params: ParamsArg<(typeof en)[Id]>): FormIssue {
  return issueOf(msg(id, ...params));
}

export type FormIssue = { message: string; params: { ref: MessageRef } };

/** formIssue for a message already named with msg(). */
export function issueOf(ref: MessageRef): FormIssue {
  return { message: englishOf(ref), params: { ref } };
}

/** An issue's catalog message, or zod's own English where a rule names none. */
function messageOf(issue: z.core.$ZodIssue): FieldMessage {
  const carried = issue as { ref?: MessageRef; params?: { ref?: MessageRef } };
  return carried.ref ?? carried.params?.ref ?? issue.message;
}

/** Field name -> first message, unrendered (a door renders it in its reader's language). */
export function fieldMessages(error: z.ZodError): Record<string, FieldMessage> {
  const out: Record<string, FieldMessage> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? "form")] ??= messageOf(issue);
  return out;
}

/** Field name -> first message, rendered by `render` (a door's `rendererFor(locale)`; `englishOf` in tests). */
export function fieldErrors(error: z.ZodError, render: RenderMessage): Record<string, string> {
  return renderMessages(fieldMessages(error), render);
}

/** A field -> message map (a form's, or a hand-written check's) as text, by `render`. */
export function renderMessages(messages: Record<string, FieldMessage | undefined>, render: RenderMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, message] of Object.entries(messages)) if (message !== undefined) out[field] = typeof message === "string" ? message : render(message);
  return out;
}

// ---- fields every page form shares ----

/** A text field as typed (kept for the form to show back); the rule behind it reads it later. */
export const formText = (max: number) => z.string().max(max, formMsg("forms.tooLong")).optional().default("");
/** The hidden key that makes a double-tapped submit count once. */
export const idempotencyKey = z.string().max(200).optional();
/**
 * The one reading of a boolean in a JSON body: JSON true or false, or the text "true" or "false"
 * (a form-encoded body has only text); null for anything else ("yes", 1, "on", a list). A page's
 * checkbox sends "on" when ticked and nothing when not: its form reads that itself.
 */
export function readBoolean(value: unknown): boolean | null {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return null;
}

/** The one reading of an id: a positive whole JSON number or a string of digits (spaces around it allowed); null for anything else. */
export function readId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,15}$/.test(text) || Number(text) <= 0) return null;
  return Number(text);
}

/** A positive whole id (see readId); anything else gets `message` (usually "... not found."). */
export const formId = (message: MessageRef) =>
  z.unknown().transform((value, ctx) => {
    const id = readId(value);
    if (id === null) {
      ctx.addIssue({ code: "custom", ...issueOf(message) });
      return z.NEVER;
    }
    return id;
  });
