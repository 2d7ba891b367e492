import type { ActionFunctionArgs } from "@remix-run/node";
import { RegisterError, registerAccount } from "~/auth/sign-in.server";
import { apiJson, handleApi, HttpError, methodNotAllowed, readJsonBody, requireMethod } from "~/lib/http.server";
import { userJson } from "~/models/user.server";

export const loader = () => methodNotAllowed("POST");

export function action({ request }: ActionFunctionArgs) {
  return handleApi(async () => {
    requireMethod(request, "POST");
    const body = await readJsonBody(request);
    try {
      return apiJson(userJson(await registerAccount(body, request)), 201);
    } catch (error) {
      if (error instanceof RegisterError) throw new HttpError(error.status, error.message);
      throw error;
    }
  });
}
