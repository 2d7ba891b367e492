import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiJson, handleApi, onlyMethods, requireMethod } from "~/lib/http.server";
import { requireApiAdmin } from "~/auth/session.server";
import { contactMessageJson, listContactMessages } from "~/models/contact.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET");
    await requireApiAdmin(request);
    return apiJson(listContactMessages().map(contactMessageJson));
  });
}

export const action = onlyMethods("GET");
