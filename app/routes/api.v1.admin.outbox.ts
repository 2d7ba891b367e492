import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/auth/session.server";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { listOutbox, outboxMessageJson } from "~/models/outbox.server";
import { outboxApiFilter } from "~/pages/outbox.server";

/** Every email and SMS, newest first (the newest 100 that match `user_id`, `kind`, `status`), as /admin/outbox shows them. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    const filter = outboxApiFilter(new URL(request.url).searchParams);
    return apiJson({ messages: listOutbox(filter).map(outboxMessageJson) });
  });
}

export const action = onlyMethods("GET");
