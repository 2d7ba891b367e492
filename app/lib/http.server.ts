import { msg } from "~/catalog/ref";
import { z } from "zod";
import { fieldMessages, readBoolean, readId } from "~/forms/parse.server";
import { errorField, logger } from "~/lib/logger.server";
import { isDataException } from "~/lib/pg-sync-client.server";
import type { Locale, MessageRef } from "~/catalog/format";
import { englishOf } from "~/domain/errors";
import { localeOf, render } from "~/catalog/index.server";

/** JSON answers for /api/v1: errors are always {"detail": message}. */
export function apiJson(data: unknown, init: number | ResponseInit = 200): Response {
  const responseInit = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(responseInit.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...responseInit, headers });
}

/** `{"detail"}` with `status`: a catalog message in the reader's `locale`, or English text not yet moved. */
export function apiError(status: number, detail: string | MessageRef, locale: Locale, headers?: HeadersInit): Response {
  return apiJson({ detail: typeof detail === "string" ? detail : render(locale, detail) }, { status, headers });
}

/** Thrown by parsers and guards; resource routes turn it into `{"detail"}`. */
/** A refusal at the door: `{"detail": ...}` with `status`. The detail is a catalog message or, not yet moved, English text. */
export class HttpError extends Error {
  readonly ref: MessageRef | null;
  readonly detail: string;
  constructor(
    public status: number,
    detail: string | MessageRef,
  ) {
    super(englishOf(detail));
    this.ref = typeof detail === "string" ? null : detail;
    this.detail = englishOf(detail);
  }
}

export const MAX_BODY_BYTES = 64 * 1024;

/**
 * Far deeper than any body the API takes. Deeper nesting is refused before it is parsed: the code
 * that walks a body (idempotency fingerprints, form values) would run out of stack on it.
 */
export const MAX_JSON_DEPTH = 32;

/** How deep arrays and objects nest in JSON text, read without parsing it (so without recursion). */
export function jsonNestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") deepest = Math.max(deepest, ++depth);
    else if (c === "]" || c === "}") depth--;
  }
  return deepest;
}

/**
 * Reads a JSON object body; wrong type, malformed JSON, deep nesting or a body over `maxBytes` give
 * a 4xx, never a 500. A route that takes long lists (a farm device's 500 readings) allows more.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.toLowerCase().includes("application/json")) throw new HttpError(415, msg("api.jsonOnly"));
  const text = await readText(request, maxBytes);
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH) throw new HttpError(400, msg("api.tooDeep", { depth: MAX_JSON_DEPTH }));
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new HttpError(400, msg("api.badJson"));
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new HttpError(422, msg("api.notAnObject"));
  return refuseNul(body as Record<string, unknown>);
}

/**
 * U+0000 (NUL): no person types it, a browser's form never carries one, and PostgreSQL cannot keep it
 * in text (SQLite would). The API refuses a body holding one anywhere (a value, a nested one, a key),
 * naming the top-level field: the same 400 on both engines, before anything reads it.
 */
export function refuseNul<T extends Record<string, unknown>>(body: T): T {
  for (const [field, value] of Object.entries(body)) if (holdsNul(field) || holdsNul(value)) throw new HttpError(400, msg("api.nulCharacter", { field: field.replaceAll(NUL, "") }));
  return body;
}

const NUL = "\u0000";

function holdsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes(NUL);
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === "object") return Object.entries(value).some(([key, inner]) => key.includes(NUL) || holdsNul(inner));
  return false;
}

/** Text with any NUL dropped: what a page form's field means (see refuseNul; pages drop it, as no browser sends it). */
export const withoutNul = (text: string): string => (text.includes(NUL) ? text.replaceAll(NUL, "") : text);

/** Reads JSON or form data (urlencoded / multipart) into a plain object of first values. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (type.includes("application/json")) return readJsonBody(request);
  if (type.includes("application/x-www-form-urlencoded")) {
    return refuseNul(Object.fromEntries(new URLSearchParams(await readText(request))));
  }
  if (type.includes("multipart/form-data")) {
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      throw new HttpError(400, msg("api.formUnreadable"));
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of form) if (typeof v === "string" && !(k in out)) out[k] = v;
    return refuseNul(out);
  }
  if (!type) {
    const text = await readText(request);
    if (!text.trim()) return {};
  }
  throw new HttpError(415, msg("api.jsonOrForm"));
}

async function readText(request: Request, maxBytes = MAX_BODY_BYTES): Promise<string> {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > maxBytes) throw new HttpError(413, msg("api.tooLarge"));
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw new HttpError(413, msg("api.tooLarge"));
  return text;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const [field, message] = Object.entries(fieldMessages(parsed.error))[0] ?? ["form", msg("api.invalidInput")];
    // A rule without a catalog message (zod's own English) is answered by its field's name, in the reader's language.
    throw new HttpError(422, typeof message === "string" ? msg("api.invalidField", { field }) : message);
  }
  return parsed.data;
}

/**
 * Wraps a resource-route handler: HttpError and thrown Responses become answers, the detail in the
 * language of the `request`'s reader; the rest is a logged 500.
 */
export async function handleApi(request: Request, fn: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await fn();
  } catch (error) {
    const locale = localeOf(request);
    if (error instanceof Response) return error;
    if (error instanceof HttpError) return apiError(error.status, error.ref ?? error.detail, locale);
    if (error && typeof error === "object" && "status" in error && "detail" in error) {
      const e = error as { status: number; detail: string; ref?: MessageRef | null };
      return apiError(e.status, e.ref ?? e.detail, locale);
    }
    if (isDataException(error)) return apiError(422, msg("api.invalidInput"), locale);
    logger.error({ err: errorField(error) }, "API request failed");
    return apiError(500, msg("api.serverFault"), locale);
  }
}

/** 405 for a method the route does not take, naming those it does in Allow (GET brings HEAD); in the reader's language. */
export function methodNotAllowed(request: Request, ...allowed: [string, ...string[]]): Response {
  const allow = allowed.flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]));
  return apiError(405, msg("api.methodNotAllowed"), localeOf(request), { Allow: allow.join(", ") });
}

/** A route's answer to every method it does not take (its loader, or its action): a 405, see methodNotAllowed. */
export const onlyMethods =
  (...allowed: [string, ...string[]]) =>
  ({ request }: { request: Request }) =>
    methodNotAllowed(request, ...allowed);

/**
 * Refuses (405, see methodNotAllowed) a method not in `allowed`. A route's loader calls it too:
 * Remix runs the loader for OPTIONS, and scripts/server.js hands it the methods Remix has no name for.
 */
export function requireMethod(request: Request, ...allowed: [string, ...string[]]): void {
  const method = request.method === "HEAD" ? "GET" : request.method;
  if (!allowed.includes(method)) throw methodNotAllowed(request, ...allowed);
}

/** The address the server saw; set by scripts/server.js, never by the client. */
export function clientIp(request: Request): string {
  return request.headers.get("x-akoko-client-ip") ?? "unknown";
}

/** A positive whole id from a path or body (a JSON number or a string of digits); anything else is a 4xx with `message`. */
export function parseId(value: unknown, message: string | MessageRef = msg("api.notFound"), status = 404): number {
  const id = readId(value);
  if (id === null) throw new HttpError(status, message);
  return id;
}

/** A list's `?before=<id>` (its next page: the items older than that id), or null for the newest; 422 when it is not an id. */
export function listBefore(request: Request): number | null {
  const value = new URL(request.url).searchParams.get("before");
  return value === null ? null : parseId(value, msg("api.listBefore"), 422);
}

/** A boolean field of a JSON door (see readBoolean): JSON true or false, or their text; anything else is a 422 with `message`. */
export function parseBool(value: unknown, message: MessageRef): boolean {
  const read = readBoolean(value);
  if (read === null) throw new HttpError(422, message);
  return read;
}

export function idempotencyKeyOf(request: Request): string | null {
  return request.headers.get("Idempotency-Key");
}
