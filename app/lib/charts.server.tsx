import { Line } from "@nivo/line";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * Line charts drawn by nivo on the server. The loader passes the SVG markup to the page, which
 * injects it: the browser gets a picture that shows without JavaScript and never nivo's code.
 */
export type ChartPoint = { x: string; y: number };
export type ChartSeries = { id: string; points: ChartPoint[]; color?: string };

export type LineChartOptions = {
  /** Read out by screen readers (the SVG gets role="img" and this as its title). */
  label: string;
  /** Axes with tick labels; off for sparklines. */
  axes?: boolean;
  /** Written after each y tick value, e.g. "%" or " kg". */
  ySuffix?: string;
  /** The x tick labels to show (all by default); fewer keeps narrow charts readable. */
  xTickValues?: string[];
  points?: boolean;
  area?: boolean;
  /** Start the y axis at zero instead of just below the smallest value. */
  yFromZero?: boolean;
  margin?: { top: number; right: number; bottom: number; left: number };
};

/** A plain dot: fewer bytes than nivo's default symbol. */
const PointDot = ({ size, color }: { size: number; color: string }) => <circle r={size / 2} fill={color} />;

const DEFAULT_COLORS = ["#166534", "#d97706", "#2563eb", "#be123c"];

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Fewer bytes for slow links: 1-decimal coordinates, no zero-length tick marks or test ids. */
function compact(svg: string) {
  return svg
    .replace(/-?\d+\.\d{2,}/g, (n) => String(Math.round(Number(n) * 10) / 10))
    .replace(/<line x1="0" x2="0" y1="0" y2="0" style="[^"]*"><\/line>/g, "")
    .replace(/ data-testid="[^"]*"/g, "")
    .replace(/<rect width="\d+" height="\d+" fill="transparent"><\/rect>/, "");
}

/** Drops points that are not finite numbers; a series keeps its x labels unique for the point scale. */
function clean(series: ChartSeries[]) {
  return series
    .map((s, i) => ({
      id: s.id,
      color: s.color ?? DEFAULT_COLORS[i % DEFAULT_COLORS.length],
      data: s.points.filter((p) => Number.isFinite(p.y)).map((p) => ({ x: p.x, y: p.y })),
    }))
    .filter((s) => s.data.length > 0);
}

/**
 * One or more series as SVG markup of a fixed size that scales down with its container
 * (it carries a viewBox). Returns an empty string when there is nothing to draw.
 */
export function renderLineChartSvg(series: ChartSeries[], width: number, height: number, options: LineChartOptions): string {
  // nivo's render is the costliest part of a page; the same data draws the same picture.
  const key = JSON.stringify([series, width, height, options]);
  const cached = svgCache.get(key);
  if (cached !== undefined) {
    svgCache.delete(key);
    svgCache.set(key, cached);
    return cached;
  }
  const svg = drawLineChart(series, width, height, options);
  svgCache.set(key, svg);
  if (svgCache.size > SVG_CACHE_SIZE) svgCache.delete(svgCache.keys().next().value!);
  return svg;
}

/** Recently drawn charts by their inputs (a Map keeps insertion order: the first key is the least recent). */
const SVG_CACHE_SIZE = 500;
const svgCache = new Map<string, string>();

function drawLineChart(series: ChartSeries[], width: number, height: number, options: LineChartOptions): string {
  const data = clean(series);
  if (data.length === 0) return "";
  const colors = data.map((s) => s.color);
  const ys = data.flatMap((s) => s.data.map((p) => p.y));
  const min = Math.min(...ys);
  const max = Math.max(...ys);
  const pad = max === min ? Math.max(1, Math.abs(max) * 0.1) : (max - min) * 0.15;
  const axes = options.axes ?? false;
  const margin = options.margin ?? (axes ? { top: 10, right: 12, bottom: 28, left: 40 } : { top: 4, right: 4, bottom: 4, left: 4 });
  const markup = renderToStaticMarkup(
    <Line
      data={data}
      width={width}
      height={height}
      margin={margin}
      animate={false}
      isInteractive={false}
      useMesh={false}
      renderWrapper={false}
      role="img"
      ariaLabel={options.label}
      xScale={{ type: "point" }}
      yScale={{ type: "linear", min: options.yFromZero ? Math.min(0, min) : min - pad, max: max + pad }}
      curve="monotoneX"
      colors={colors}
      lineWidth={2}
      enablePoints={options.points ?? axes}
      pointSize={5}
      pointSymbol={PointDot}
      pointColor={{ from: "series.color" }}
      pointBorderWidth={0}
      enableArea={options.area ?? false}
      areaOpacity={0.12}
      areaBaselineValue={options.yFromZero ? 0 : min - pad}
      enableGridX={false}
      enableGridY={axes}
      gridYValues={4}
      axisTop={null}
      axisRight={null}
      axisBottom={axes ? { tickSize: 0, tickPadding: 8, tickValues: options.xTickValues } : null}
      axisLeft={axes ? { tickSize: 0, tickPadding: 6, tickValues: 4, format: options.ySuffix ? (value: number) => `${value}${options.ySuffix}` : undefined } : null}
      layers={axes ? ["grid", "axes", "areas", "lines", "points"] : ["areas", "lines", "points"]}
      theme={{ text: { fontSize: 10, fill: "#57534e", fontFamily: "inherit" }, grid: { line: { stroke: "#e7e5e4", strokeWidth: 1 } } }}
    />,
  );
  // A viewBox lets CSS scale the picture to a 360 px screen; the title names it for screen readers.
  return compact(markup).replace(
    /^<svg([^>]*)>/,
    (_, attrs: string) => `<svg${attrs} viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid meet"><title>${escapeXml(options.label)}</title>`,
  );
}
