import type { Language } from "~/catalog/languages";
import type { ContentPageInput } from "~/forms/admin.server";
import * as content from "~/models/content.server";
import * as outbox from "~/models/outbox.server";
import { onceOnly, type CommandContext } from "~/commands/command.server";

/** What an admin changes of what the site says and sends (docs/commands.md). */

/** Saves an editable page (How It Works) whole in one language; answers the page as stored in it. */
export function saveContentPage(ctx: CommandContext, input: { slug: string; locale: Language; page: ContentPageInput }): content.ContentPage {
  const { slug, locale, page } = input;
  return onceOnly(ctx, "save-content-page", { slug, locale, input: page }, () => {
    content.saveContentPage(slug, locale, page, { adminId: ctx.actor.id });
    return content.getContentPage(slug, locale)!;
  }).result;
}

/** Puts a failed email or SMS back in the queue for a fresh round of tries; false when it is not failed. */
export function retryOutboxMessage(ctx: CommandContext, input: { messageId: number }): boolean {
  return outbox.retryOutboxMessage(input.messageId, { adminId: ctx.actor.id });
}
