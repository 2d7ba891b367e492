import { onceOnly, type CommandContext } from "~/commands/command.server";
import { markNotificationsRead } from "~/models/notification.server";

/**
 * The investor marks their notices read (docs/messages.md, in-app notices): every unread one up to
 * `upTo`, the newest notice the list they read showed (null: all), so one that came in after the page
 * was drawn stays unread. The portfolio's and the notices page's "Mark all as read" and
 * POST /api/v1/invest/notifications/read. Marking again is harmless (a read notice keeps its first
 * `read_at`); the same request again with its key answers as the first did.
 */
export function markNoticesRead(ctx: CommandContext, input: { upTo: number | null }): { marked: number } {
  return onceOnly(ctx, "mark-notices-read", { upTo: input.upTo }, () => ({ marked: markNotificationsRead({ userId: ctx.actor.id, upTo: input.upTo }) })).result;
}
