import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the request log line needs to know about a request that only the app can tell
 * (who the user was), and the request's id, which every log line written while serving it carries.
 * scripts/server.js runs each request inside `requestContext.run`.
 */
export type RequestContext = { userId: number | null; requestId?: string };

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function noteUserId(userId: number) {
  const store = requestContext.getStore();
  if (store) store.userId = userId;
}
