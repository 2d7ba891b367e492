import { and, asc, eq, sql } from "drizzle-orm";
import { msg } from "~/catalog/ref";
import { accountLabel } from "~/domain/account";
import { maskPhone } from "~/domain/notices";
import { DomainError } from "~/domain/errors";
import { getDb } from "~/lib/db.server";
import type { SqlBoolean } from "~/lib/sql-dialect.server";
import { countAdmins } from "~/models/approvals.server";
import { recordAudit } from "~/models/audit.server";
import { notifyAdmins } from "~/models/admin-alerts.server";
import { notify } from "~/models/notification.server";
import { atomic } from "~/models/ledger.server";
import { users } from "~/models/schema.server";

/** Issue 20: the accounts admins see, and admin rights granted or removed by an admin (audited). */

export function listAccounts() {
  return getDb()
    .select({ id: users.id, email: users.email, phone: users.phone, fullName: users.fullName, isAdmin: users.isAdmin, totpEnabledAt: users.totpEnabledAt })
    .from(users)
    .where(sql`${users.closedAt} is null`)
    .orderBy(asc(users.id))
    .all();
}

/** `email` is null for an account registered by phone (issue 31); its phone is shown masked, as /admin/outbox shows one. */
export const accountJson = (u: ReturnType<typeof listAccounts>[number]) => ({
  id: u.id,
  email: u.email,
  phone: u.phone ? maskPhone(u.phone) : null,
  full_name: u.fullName,
  is_admin: u.isAdmin,
  two_factor: u.totpEnabledAt !== null,
});

/** An open account as a role change reads it: `label` names it in messages (accountLabel), `email` is null for one registered by phone. */
export function getAccount(userId: number) {
  const row = getDb()
    .select({ id: users.id, email: users.email, phone: users.phone, isAdmin: users.isAdmin, hasPassword: sql<SqlBoolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.closedAt} is null`))
    .get();
  if (!row) throw new DomainError(404, msg("refusals.userNotFound"));
  return { id: row.id, email: row.email, isAdmin: row.isAdmin, label: accountLabel(row), canBeAdmin: row.email !== null && Boolean(row.hasPassword) };
}

/**
 * An admin signs in with an email, a password and two factors: an account registered by phone
 * (issue 31) cannot be made one until it has an email and a password.
 */
export function checkCanBeAdmin(user: ReturnType<typeof getAccount>, isAdmin: boolean): void {
  if (isAdmin && !user.isAdmin && !user.canBeAdmin) throw new DomainError(409, msg("refusals.adminNeedsPassword"));
}

/** Grants or removes admin rights; never the last admin's. Audited "user.role" and told to every admin (issue 20). `body`: the API's answer. */
export function setAdminRole({ userId, isAdmin, adminId }: { userId: number; isAdmin: boolean; adminId: number }) {
  return atomic(() => {
    const user = getAccount(userId);
    if (user.isAdmin && !isAdmin && countAdmins() <= 1) throw new DomainError(409, msg("rules.approval.lastAdmin"));
    checkCanBeAdmin(user, isAdmin);
    if (user.isAdmin !== isAdmin) {
      getDb().update(users).set({ isAdmin }).where(eq(users.id, userId)).run();
      recordAudit({ adminId, action: "user.role", detail: msg(isAdmin ? "auditDetail.adminGranted" : "auditDetail.adminRemoved", { email: user.label }) });
      // Every admin hears of it (the one removed too: notifyAdmins runs after the change, so tell them apart).
      notifyAdmins(isAdmin ? msg("notices.adminGranted", { email: user.label }) : msg("notices.adminRevoked", { email: user.label }));
      if (!isAdmin) notify(user.id, "ADMIN_SECURITY", msg("notices.adminRightsRemoved"));
    }
    return { body: { id: user.id, email: user.email, is_admin: isAdmin }, label: user.label };
  });
}
