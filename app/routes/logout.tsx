import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { clearedSessionCookie, sessionTokenOf } from "~/auth/session.server";
import { signOut } from "~/commands/account.server";

export async function action({ request }: ActionFunctionArgs) {
  signOut({ token: await sessionTokenOf(request) });
  return redirect("/", { headers: { "Set-Cookie": await clearedSessionCookie() } });
}

// Logging out is a POST; a stray GET just goes home.
export function loader() {
  return redirect("/");
}
