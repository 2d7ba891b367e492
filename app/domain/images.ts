/** Uploaded images are judged by their bytes, never by their name or the browser's claim. */

export type ImageType = "image/jpeg" | "image/png";

/** The image type from the file's first bytes (never its name or the browser's claim), or null. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return "image/png";
  return null;
}
