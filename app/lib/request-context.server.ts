import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the request log line needs to know about a request that only the app can tell
 * (who the user was). scripts/server.js runs each request inside `requestContext.run`.
 */
export type RequestContext = { userId: number | null };

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function noteUserId(userId: number) {
  const store = requestContext.getStore();
  if (store) store.userId = userId;
}
