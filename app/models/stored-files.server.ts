import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ImageType } from "~/domain/images";
import { onRollback } from "~/lib/db.server";
import { atomic } from "~/models/ledger.server";

/**
 * Uploaded images kept on disk beside the database (UPLOADS_DIR), never under public/: a route that
 * checks who is asking serves them. Names are ours (random hex + extension), never the uploader's.
 */

/** A checked image ready to keep. */
export type FileToStore = { bytes: Uint8Array; type: ImageType };
export type StoredFile = { fileName: string; contentType: ImageType; sizeBytes: number };

const STORED_NAME = /^[0-9a-f]{32}\.(jpg|png)$/;

/**
 * Writes the files under random names in `dir`, then runs `save` in one transaction. If anything
 * fails (a write, the transaction, or one this runs inside), every file written for this request
 * is removed again.
 */
export function withStoredFiles<T>(dir: string, files: FileToStore[], save: (stored: StoredFile[]) => T): T {
  const written: string[] = [];
  const removeWritten = () => {
    for (const fileName of written) fs.rmSync(path.join(dir, fileName), { force: true });
  };
  // Inside a transaction (a command's), the files belong to this run of it: rolled back, or run
  // again after a serialization failure (which writes files of its own), it removes them.
  onRollback(removeWritten);
  try {
    if (files.length) fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stored = files.map((file) => {
      const fileName = `${crypto.randomBytes(16).toString("hex")}.${file.type === "image/png" ? "png" : "jpg"}`;
      fs.writeFileSync(path.join(dir, fileName), file.bytes, { flag: "wx", mode: 0o600 });
      written.push(fileName);
      return { fileName, contentType: file.type, sizeBytes: file.bytes.byteLength };
    });
    return atomic(() => save(stored));
  } catch (error) {
    removeWritten();
    throw error;
  }
}

/** A stored file's bytes, or null for a name that is not ours or a missing file. */
export function readStoredFile(dir: string, fileName: string | null | undefined): Buffer | null {
  // Refuse anything but our own names rather than trust the row (no path can escape `dir`).
  if (!fileName || !STORED_NAME.test(fileName)) return null;
  try {
    return fs.readFileSync(path.join(dir, fileName));
  } catch {
    return null;
  }
}

export function removeStoredFile(dir: string, fileName: string | null | undefined): void {
  if (fileName && STORED_NAME.test(fileName)) fs.rmSync(path.join(dir, fileName), { force: true });
}

/** A stored image's type, from the extension we gave it. */
export function contentTypeOf(fileName: string): ImageType {
  return fileName.endsWith(".png") ? "image/png" : "image/jpeg";
}
