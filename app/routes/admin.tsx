import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AdminNav } from "~/components/admin-nav";
import { ADMIN_MESSAGE_MS } from "~/domain/admin-limits";
import { requireAdmin } from "~/lib/session.server";

/** SPEC.md: the admin message fades after 4 seconds (the root toast reads this). */
export const handle = { toastMs: ADMIN_MESSAGE_MS };

/** Every admin page: anonymous -> /login and back; a signed-in non-admin -> 403. Each child checks again. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <section className="container-page py-6 sm:py-10">
      <AdminNav />
      <Outlet />
    </section>
  );
}
