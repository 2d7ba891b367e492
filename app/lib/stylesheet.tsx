import { createContext, useContext, useState } from "react";
import stylesheetHref from "~/tailwind.css";

/**
 * The site's one stylesheet, delivered so a first visit paints from its first response: on a
 * visit without the `akoko_css` cookie (its value names the stylesheet's build), the CSS is inlined
 * in a <style> and the file is fetched as a print stylesheet (not render-blocking) into the cache;
 * the cookie then says the next pages can link it as usual, from the cache. On Slow 3G this saves
 * a whole round trip (400 ms) before the first paint.
 */
export const STYLESHEET_COOKIE = "akoko_css";
export { stylesheetHref };

/** What the cookie holds: the stylesheet's file name, so a new build inlines once again. */
export const stylesheetVersion = () => stylesheetHref.slice(stylesheetHref.lastIndexOf("/") + 1);

/** The CSS text, given only on the server (entry.server.tsx); the browser keeps the text the server sent. */
const CssTextContext = createContext<string>("");
export const CssTextProvider = CssTextContext.Provider;

export function Stylesheet({ inline }: { inline: boolean }) {
  // Decided once per page load: with JavaScript, a later revalidation (the cookie is set by then)
  // must not swap the inline styles for a link that is not applied yet.
  const [inlined] = useState(inline);
  const css = useContext(CssTextContext);
  if (!inlined) return <link rel="stylesheet" href={stylesheetHref} />;
  return (
    <>
      {/* React leaves dangerouslySetInnerHTML alone when hydrating, so the browser keeps the server's CSS. */}
      <style data-inline-stylesheet="" dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />
      <link rel="stylesheet" href={stylesheetHref} media="print" />
    </>
  );
}
