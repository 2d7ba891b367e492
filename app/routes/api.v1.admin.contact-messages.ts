import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { contactMessageJson, listContactMessages } from "~/models/contact.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(async () => {
    await requireApiAdmin(request);
    return apiJson(listContactMessages().map(contactMessageJson));
  });
}
