/**
 * A chart drawn on the server (app/lib/charts.server.tsx) arrives as SVG markup: it shows
 * without JavaScript and the browser never loads the charting library.
 */
export function SvgChart({ svg, className = "", caption }: { svg: string; className?: string; caption?: string }) {
  if (!svg) return null;
  return (
    <figure className={className}>
      <div className="[&_svg]:block [&_svg]:h-auto [&_svg]:w-full [&_svg]:max-w-full" dangerouslySetInnerHTML={{ __html: svg }} />
      {caption ? <figcaption className="mt-1 text-xs text-stone-500">{caption}</figcaption> : null}
    </figure>
  );
}
