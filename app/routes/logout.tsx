import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { endSession } from "~/auth/session.server";

export async function action({ request }: ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await endSession(request) } });
}

// Logging out is a POST; a stray GET just goes home.
export function loader() {
  return redirect("/");
}
