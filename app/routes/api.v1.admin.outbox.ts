import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/session.server";
import { localeOf } from "~/catalog/index.server";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { listOutbox, outboxMessageJson } from "~/models/outbox.server";
import { outboxApiFilter } from "~/pages/outbox.server";

/** Every email and SMS, newest first (the newest 100 that match `user_id`, `kind`, `status`), as /admin/outbox shows them. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    const filter = outboxApiFilter(new URL(request.url).searchParams);
    const locale = localeOf(request);
    return apiJson({ messages: listOutbox(filter).map((row) => outboxMessageJson(row, locale)) });
  });
}

export const action = onlyMethods("GET");
