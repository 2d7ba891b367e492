import { msg } from "~/catalog/ref";
import { MaxPartSizeExceededError, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { HttpError, readBody, refuseNul } from "~/lib/http.server";

/** An uploaded file as read from the form: its bytes, or only its size when it was too big to keep. */
export type UploadedFile = { field: string; name: string; size: number; bytes: Uint8Array | null };
export type UploadForm = { fields: Record<string, string>; files: UploadedFile[] };

const TEXT_PART_MAX = 64 * 1024;

/**
 * A JSON value as the form's text: a number or a boolean as it is written, null as nothing. A list
 * or an object is no field's value (String([1]) would read as "1"): a 422 naming the field. A field
 * in `textFields` takes only text: `"notes": true` is no note, and an ID number sent as a JSON
 * number has already lost its leading zeros.
 */
function fieldText(field: string, value: unknown, textFields: readonly string[]): string {
  if (typeof value === "string") return value;
  if (value === null || value === undefined) return "";
  if ((typeof value === "number" || typeof value === "boolean") && !textFields.includes(field)) return String(value);
  throw new HttpError(422, msg("api.invalidField", { field }));
}

/**
 * Reads a form that may carry files: urlencoded, JSON (no files) or multipart. Files in
 * `fileFields` are kept in memory up to `maxFileBytes` each; a bigger one is read to its end and
 * remembered only by size, so the user gets a clear message and what they typed back instead of a
 * broken request. Other files are dropped; a text part above 64 KB is a 413.
 */
export async function readUploadForm(
  request: Request,
  { fileFields, maxFileBytes, textFields = [] }: { fileFields: readonly string[]; maxFileBytes: number; /** JSON: fields that take only a string. */ textFields?: readonly string[] },
): Promise<UploadForm> {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.includes("multipart/form-data")) {
    const body = await readBody(request);
    return { fields: Object.fromEntries(Object.entries(body).map(([k, v]) => [k, fieldText(k, v, textFields)])), files: [] };
  }
  const files: UploadedFile[] = [];
  const handler: UploadHandler = async ({ name, filename, data }) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const isFile = typeof filename === "string";
    const limit = isFile ? maxFileBytes : TEXT_PART_MAX;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size <= limit) chunks.push(chunk);
      else if (!isFile) throw new MaxPartSizeExceededError(name, limit);
    }
    if (!isFile) return new TextDecoder().decode(Buffer.concat(chunks));
    // An empty file input (nothing chosen) sends a nameless, empty part.
    if (!filename && size === 0) return undefined;
    if (fileFields.includes(name)) files.push({ field: name, name: filename || "The file", size, bytes: size <= limit ? new Uint8Array(Buffer.concat(chunks)) : null });
    return undefined;
  };
  let form: FormData;
  try {
    form = await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) throw new HttpError(413, msg("api.fieldTooLarge"));
    throw new HttpError(400, msg("api.formUnreadable"));
  }
  const fields: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && !(k in fields)) fields[k] = v;
  return { fields: refuseNul(fields), files };
}
