import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ProfileUpdateSchema } from "~/forms/account.server";
import { apiJson, handleApi, parseOrThrow, readJsonBody, requireMethod } from "~/lib/http.server";
import { requireApiUser } from "~/auth/session.server";
import { updateProfile } from "~/commands/account.server";
import { userJson } from "~/models/user.server";

export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "PUT", "PATCH");
    return apiJson(userJson(await requireApiUser(request)));
  });
}

/** Only full_name and phone (a Ghana number, or null/"" to clear it) can change; is_admin, email or anything else in the body is ignored. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "GET", "PUT", "PATCH");
    const user = await requireApiUser(request);
    const changes = parseOrThrow(ProfileUpdateSchema, await readJsonBody(request));
    return apiJson(userJson(updateProfile({ actor: user, key: null }, { fullName: changes.full_name, phone: changes.phone })));
  });
}
