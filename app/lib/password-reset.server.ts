import { getEnv } from "~/lib/env.server";
import { createPasswordReset } from "~/models/user.server";

/**
 * Creates a reset token when the account exists and delivers the link.
 * There is no mail service in this product yet: outside production the link is printed to the server log.
 */
export function requestPasswordReset(email: string, request: Request) {
  const reset = createPasswordReset(email);
  if (!reset) return;
  const link = `${new URL(request.url).origin}/reset-password/${reset.token}`;
  if (getEnv().NODE_ENV !== "production") console.log(`[password reset] ${reset.user.email}: ${link}`);
}
