import type { ActionFunctionArgs } from "@remix-run/node";
import { msg } from "~/catalog/ref";
import { apiJson, handleApi, idempotencyKeyOf, onlyMethods, parseId, readBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { markNoticesRead } from "~/commands/notices.server";
import { countUnreadNotifications } from "~/models/notification.server";

export const loader = onlyMethods("POST");

/**
 * POST, optional `up_to` (the id of the newest notice the client showed; without it, every notice):
 * marks the investor's unread notices up to it read. 200 `{"marked", "unread"}`: how many this
 * request marked (the same again with its Idempotency-Key: the first answer's), and how many are
 * still unread now.
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const user = await requireApiUser(request);
    const body = await readBody(request);
    const upTo = body.up_to === undefined || body.up_to === null ? null : parseId(body.up_to, msg("api.noticesUpTo"), 422);
    const { marked } = markNoticesRead({ actor: user, key: idempotencyKeyOf(request) }, { upTo });
    return apiJson({ marked, unread: countUnreadNotifications(user.id) });
  });
}
