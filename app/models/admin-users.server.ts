import { and, asc, eq, sql } from "drizzle-orm";
import { msg } from "~/catalog/ref";
import { DomainError } from "~/domain/errors";
import { getDb } from "~/lib/db.server";
import { countAdmins } from "~/models/approvals.server";
import { recordAudit } from "~/models/audit.server";
import { notifyAdmins } from "~/models/admin-alerts.server";
import { notify } from "~/models/notification.server";
import { atomic } from "~/models/ledger.server";
import { users } from "~/models/schema.server";

/** Issue 20: the accounts admins see, and admin rights granted or removed by an admin (audited). */

export function listAccounts() {
  return getDb()
    .select({ id: users.id, email: users.email, fullName: users.fullName, isAdmin: users.isAdmin, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(sql`${users.closedAt} is null`)
    .orderBy(asc(users.id))
    .all();
}

export const accountJson = (u: ReturnType<typeof listAccounts>[number]) => ({ id: u.id, email: u.email, full_name: u.fullName, is_admin: u.isAdmin, two_factor: u.totpEnabledAt !== null });

export function getAccount(userId: number) {
  const row = getDb()
    .select({ id: users.id, email: users.email, isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.closedAt} is null`))
    .get();
  if (!row) throw new DomainError(404, msg("refusals.userNotFound"));
  return row;
}

/** Grants or removes admin rights; never the last admin's. Audited "user.role" and told to every admin (issue 20). */
export function setAdminRole({ userId, isAdmin, adminId }: { userId: number; isAdmin: boolean; adminId: number }) {
  return atomic(() => {
    const user = getAccount(userId);
    if (user.isAdmin && !isAdmin && countAdmins() <= 1) throw new DomainError(409, msg("rules.approval.lastAdmin"));
    if (user.isAdmin !== isAdmin) {
      getDb().update(users).set({ isAdmin }).where(eq(users.id, userId)).run();
      recordAudit({ adminId, action: "user.role", detail: msg(isAdmin ? "auditDetail.adminGranted" : "auditDetail.adminRemoved", { email: user.email }) });
      // Every admin hears of it (the one removed too: notifyAdmins runs after the change, so tell them apart).
      notifyAdmins(isAdmin ? msg("notices.adminGranted", { email: user.email }) : msg("notices.adminRevoked", { email: user.email }));
      if (!isAdmin) notify(user.id, "ADMIN_SECURITY", msg("notices.adminRightsRemoved"));
    }
    return { id: user.id, email: user.email, is_admin: isAdmin };
  });
}
