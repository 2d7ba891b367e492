import type { MessageRef } from "~/catalog/format";
import { msg } from "~/catalog/ref";
import { prepared } from "~/lib/db.server";
import type { SqlBoolean } from "~/lib/sql-dialect.server";
import { recordAudit } from "~/models/audit.server";
import { notify } from "~/models/notification.server";

/**
 * Issue 20: tells every admin (open accounts) of something that touches the admins' security: an
 * admin's sign-in from a new device, a changed admin password, and (later) two-factor and role
 * changes. Call it inside the transaction of what happened, with the audit entry beside it: the
 * in-app notice and the email (ADMIN_SECURITY is a security kind: always to a confirmed email,
 * whatever the preferences) commit or roll back with the event.
 */
export function notifyAdmins(message: MessageRef): void {
  const admins = prepared<[], { id: number }>("select id from users where is_admin = true and closed_at is null order by id").all();
  for (const { id } of admins) notify(id, "ADMIN_SECURITY", message);
}

function adminEmail(userId: number): string | null {
  const row = prepared<[number], { email: string; isAdmin: SqlBoolean }>(`select email, is_admin as "isAdmin" from users where id = ?`).get(userId);
  return row && Boolean(row.isAdmin) ? row.email : null;
}

/** An admin's first sign-in from a device (noteSignInDevice): audited against that admin, told to every admin. Nothing for investors. */
export function recordAdminNewDevice(userId: number, { device, place }: { device: MessageRef; place: MessageRef }): void {
  const email = adminEmail(userId);
  if (!email) return;
  recordAudit({ adminId: userId, action: "admin.new_device", detail: msg("auditDetail.newDevice", { device, place }) });
  notifyAdmins(msg("notices.adminNewDevice", { email, device, place }));
}

/** Every change of an admin's password (from the account or a reset link): audited and told to every admin. */
export function recordAdminPasswordChange(userId: number, how: "changed" | "reset"): void {
  const email = adminEmail(userId);
  if (!email) return;
  recordAudit({ adminId: userId, action: "admin.password_change", detail: msg(how === "reset" ? "auditDetail.passwordReset" : "auditDetail.passwordChanged") });
  notifyAdmins(how === "reset" ? msg("notices.adminPasswordReset", { email }) : msg("notices.adminPasswordChanged", { email }));
}

/** An admin turned two-factor sign-in on or off: audited and told to every admin. */
export function recordAdminTwoFactorChange(userId: number, on: boolean): void {
  const email = adminEmail(userId);
  if (!email) return;
  recordAudit({ adminId: userId, action: on ? "admin.2fa.enable" : "admin.2fa.disable", detail: msg(on ? "auditDetail.twoFactorOn" : "auditDetail.twoFactorOff", { email }) });
  notifyAdmins(on ? msg("notices.adminTwoFactorOn", { email }) : msg("notices.adminTwoFactorOff", { email }));
}
