import { getEnv } from "~/lib/env.server";

/**
 * Where the provider's hosted checkout sends the investor back (`?reference=` is added by the
 * provider): the deposit's own status page, on the site's public address, never the request's Host.
 */
export function depositReturnUrl(depositId: number): string {
  return `${getEnv().appUrl}/portfolio/deposits/${depositId}`;
}
