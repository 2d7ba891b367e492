import { z } from "zod";

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

/** Field name -> first message. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[String(issue.path[0] ?? "form")] ??= issue.message;
  return out;
}

// ---- fields every page form shares ----

/** A text field as typed (kept for the form to show back); the rule behind it reads it later. */
export const formText = (max: number) => z.string().max(max, "That value is too long.").optional().default("");
/** The hidden key that makes a double-tapped submit count once. */
export const idempotencyKey = z.string().max(200).optional();
/** A positive whole id; anything else gets `message` (usually "... not found."). */
export const formId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
