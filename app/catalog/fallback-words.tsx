import { createContext, useContext } from "react";
import type { WithWords } from "~/catalog/use-words";

/**
 * The words for a page whose root loader did not run: an action's fault that reaches the root's
 * error page (Remix runs no loader at or below the boundary that shows it). The server's render gets
 * the reader's common words here (entry.server); the page carries them for the browser's render
 * (FallbackWordsScript), so the header, the footer and "Something went wrong" read in the reader's
 * language on both, never as message ids.
 */
const FallbackWordsContext = createContext<WithWords>(undefined);
export const FallbackWordsProvider = FallbackWordsContext.Provider;

const GLOBAL = "__akokoFallbackWords";

export function useFallbackWords(): WithWords {
  const rendered = useContext(FallbackWordsContext);
  if (rendered || typeof window === "undefined") return rendered;
  return (window as unknown as Record<string, WithWords>)[GLOBAL];
}

/** The fallback words as an inline script that runs before the page hydrates; nothing when there are none. */
export function FallbackWordsScript({ nonce }: { nonce?: string }) {
  const words = useFallbackWords();
  if (!words) return null;
  // "<" escaped: the words cannot end the script element.
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `window.${GLOBAL}=${JSON.stringify(words).replace(/</g, "\\u003c")};` }} />;
}
