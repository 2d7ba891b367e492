import type { LoaderFunctionArgs } from "@remix-run/node";
import { localeOf } from "~/catalog/index.server";
import { msg } from "~/catalog/ref";
import { notFoundResponse } from "~/lib/page-action.server";
import { readFarmPhoto } from "~/models/farm-log.server";

/**
 * A farm-log photo, public like the batch page that shows it; stored names are random, so it never
 * changes. The type is the one its bytes proved at upload; scripts/server.js adds nosniff to every response.
 */
export function loader({ request, params }: LoaderFunctionArgs) {
  const id = /^\d{1,15}$/.test(params.photoId ?? "") ? Number(params.photoId) : 0;
  const photo = id > 0 ? readFarmPhoto(id) : null;
  if (!photo) return notFoundResponse(msg("api.photoNotFound"), localeOf(request));
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
    },
  });
}
