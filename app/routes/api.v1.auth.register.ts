import type { ActionFunctionArgs } from "@remix-run/node";
import { localeOf } from "~/catalog/index.server";
import { languageOf } from "~/catalog/languages";
import { guardRegistration, readRegistration, RegisterError } from "~/auth/sign-in.server";
import { register } from "~/commands/account.server";
import { apiJson, handleApi, HttpError, onlyMethods, readJsonBody, requireMethod } from "~/lib/http.server";
import { userJson } from "~/models/user.server";

export const loader = onlyMethods("POST");

export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    requireMethod(request, "POST");
    const body = await readJsonBody(request);
    try {
      guardRegistration(request);
      const input = readRegistration(body);
      const { user } = await register({ fullName: input.full_name, email: input.email, password: input.password, session: null, language: languageOf(localeOf(request)) });
      return apiJson(userJson(user), 201);
    } catch (error) {
      if (error instanceof RegisterError) throw new HttpError(error.status, error.ref ?? error.detail);
      throw error;
    }
  });
}
