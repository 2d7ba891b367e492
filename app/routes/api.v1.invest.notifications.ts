import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, listBefore, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { listNotifications } from "~/models/notification.server";
import { localeOf } from "~/catalog/index.server";

/**
 * The investor's notices, newest first, 50 at a time (`?before=<id>`: the next 50 older than that
 * one), in the reader's language; `read_at` is null until the investor marks them read
 * (POST /api/v1/invest/notifications/read, or "Mark all as read" on the pages).
 */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    const user = await requireApiUser(request);
    const before = listBefore(request);
    return apiJson(listNotifications(user.id, localeOf(request), { before }).map((n) => ({ id: n.id, kind: n.kind, message: n.message, read_at: n.readAt, created_at: n.createdAt })));
  });
}

export const action = onlyMethods("GET");
