import { getEnv } from "~/lib/env.server";

/**
 * Whether a reset link reaches anyone: with a real mailer (EMAIL_PROVIDER=smtp) always; with the demo
 * outbox only outside production, where developers read it on /admin/outbox and in the log. A
 * production server on the demo outbox says so instead of promising a link that never comes.
 */
export function resetLinksDelivered(): boolean {
  const env = getEnv();
  return env.EMAIL_PROVIDER !== "demo" || env.NODE_ENV !== "production";
}
