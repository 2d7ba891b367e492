import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { listNotifications } from "~/models/notification.server";
import { localeOf } from "~/catalog/index.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    return apiJson(listNotifications((await requireApiUser(request)).id, localeOf(request)).map((n) => ({ id: n.id, kind: n.kind, message: n.message, read_at: n.readAt, created_at: n.createdAt })));
  });
}

export const action = onlyMethods("GET");
