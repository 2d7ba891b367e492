import { data } from "@remix-run/node";
import { DomainError } from "~/domain/errors";
import { HttpError, withoutNul } from "~/lib/http.server";
import { isDataException } from "~/lib/pg-sync-client.server";
import { msg } from "~/catalog/ref";
import { detailIn, render } from "~/catalog/index.server";
import type { Locale, MessageRef } from "~/catalog/format";

/**
 * For page actions: a broken rule becomes a 400 (a 404 for what is not found) with the message beside its field
 * (or for the whole form), in the reader's `locale`, and the typed values come back so nothing is
 * retyped. Anything else is a real fault and is rethrown.
 */
export function pageError(error: unknown, values: Record<string, unknown>, locale: Locale) {
  if (error instanceof DomainError) {
    // Not found (another user's id too) stays a 404, as the API answers it; any other broken rule is a 400.
    return data({ ok: false as const, errors: { [error.field ?? "form"]: detailIn(locale, error) } as Record<string, string>, values }, { status: error.status === 404 ? 404 : 400 });
  }
  if (error instanceof HttpError) {
    return data({ ok: false as const, errors: { form: detailIn(locale, error) } as Record<string, string>, values }, { status: error.status });
  }
  if (isDataException(error)) {
    return data({ ok: false as const, errors: { form: render(locale, msg("api.invalidInput")) } as Record<string, string>, values }, { status: 422 });
  }
  throw error;
}

/**
 * A page form as the browser sent it, any NUL character dropped from its names and text: no browser
 * sends one from what a person typed, and PostgreSQL cannot keep one in text. (The API refuses one
 * instead: refuseNul.) Files stay as they are.
 */
export async function readPageFormData(request: Request): Promise<FormData> {
  const cleaned = new FormData();
  for (const [name, value] of await request.formData()) cleaned.append(withoutNul(name), typeof value === "string" ? withoutNul(value) : value);
  return cleaned;
}

/** A page form's text fields (readPageFormData): a repeated name gives its last value; files are left out. */
export async function readPageForm(request: Request): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for (const [name, value] of await readPageFormData(request)) if (typeof value === "string") fields[name] = value;
  return fields;
}

/** A page loader's 404, its message in the reader's `locale` (the route's ErrorBoundary shows it; a file's route answers it as text). */
export function notFoundResponse(message: MessageRef, locale: Locale): Response {
  return new Response(render(locale, message), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** A fresh key for a form's hidden `idempotency_key` input: a double-tapped submit then counts once. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * For page loaders: runs a read of the user's own row and turns its "not found" (a DomainError 404,
 * also what another user's row gives) into the page's 404 response, in the reader's `locale`.
 */
export function orNotFound<T>(read: () => T, locale: Locale): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw new Response(detailIn(locale, error), { status: 404 });
    throw error;
  }
}
