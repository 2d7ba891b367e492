import { createRequire } from "node:module";
import { renderToStaticMarkup } from "react-dom/server";
import { formatCompact, formatNumber, type Locale } from "~/catalog/format";

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
  /** The reader's locale: y tick values are grouped for it, and from 10,000 written compactly ("12K", "mpem 12"). */
  locale?: Locale;
  /** The x tick labels to show (by default every point's, as many as fit); fewer keeps narrow charts readable. */
  xTickValues?: string[];
  points?: boolean;
  area?: boolean;
  /** Start the y axis at zero instead of just below the smallest value. */
  yFromZero?: boolean;
  margin?: { top: number; right: number; bottom: number; left: number };
  /**
   * Straight segments instead of a smooth curve: a long daily series looks the same either way,
   * and a straight path writes 2 numbers a point instead of 6 (the batch page's weight budget).
   */
  straight?: boolean;
};

/**
 * Axis text size for a chart 300 units wide, about as wide as a 360 px phone shows a card's chart
 * (294 px): 13 units render at 12-13 px there, never below 11 px (issue 14's measure). A wider
 * chart scales its text with its width (axisFontSize), since the phone shrinks it to the same 294 px.
 */
export const AXIS_FONT_SIZE = 13;
const PHONE_CHART_WIDTH = 300;
const axisFontSize = (width: number) => Math.round(AXIS_FONT_SIZE * Math.max(1, width / PHONE_CHART_WIDTH));

/** About four round tick values (1, 2 or 5 x 10^n apart) across lo..hi, each written once with the decimals its step needs. */
export function yTicks(lo: number, hi: number, suffix = "", locale?: Locale): Array<{ value: number; label: string }> {
  const range = hi - lo || Math.abs(hi) || 1;
  const magnitude = 10 ** Math.floor(Math.log10(range));
  const count = (step: number) => Math.floor(hi / step + 1e-9) - Math.ceil(lo / step - 1e-9) + 1;
  // Of the 1-2-5 steps near the range, the one giving closest to five ticks (the larger step on a tie).
  const candidates = [magnitude * 10, magnitude, magnitude / 10].flatMap((m) => [5, 2, 1].map((f) => f * m));
  const step = candidates.reduce((best, c) => (Math.abs(count(c) - 5) < Math.abs(count(best) - 5) ? c : best));
  const decimals = Math.min(4, Math.max(0, -Math.floor(Math.log10(step) + 1e-9)));
  const ticks: Array<{ value: number; label: string }> = [];
  for (let k = Math.ceil(lo / step - 1e-9); k * step <= hi + 1e-9; k++) {
    const value = Number((k * step).toFixed(decimals));
    const label = `${locale ? tickNumber(value, decimals, locale) : value.toFixed(decimals)}${suffix}`;
    if (!ticks.some((t) => t.label === label)) ticks.push({ value, label });
  }
  return ticks;
}

/** A y tick's number for a reader: grouped ("1,500"), and in few characters from 10,000 up, where an axis is narrow. */
function tickNumber(value: number, decimals: number, locale: Locale): string {
  if (Math.abs(value) >= 10_000) return formatCompact(value, locale);
  return decimals === 0 ? formatNumber(value, locale) : value.toFixed(decimals);
}

/** The x labels to write: each once, and no more than fit side by side (evenly spread, first and last kept). */
export function xTicks(labels: string[], innerWidth: number, fontSize = AXIS_FONT_SIZE): string[] {
  const unique = labels.filter((l, i) => labels.indexOf(l) === i);
  const widest = Math.max(1, ...unique.map((l) => l.length)) * fontSize * 0.62 + fontSize;
  const room = Math.max(2, Math.floor(innerWidth / widest));
  if (unique.length <= room) return unique;
  const step = (unique.length - 1) / (room - 1);
  return Array.from({ length: room }, (_, i) => unique[Math.round(i * step)]).filter((l, i, all) => all.indexOf(l) === i);
}

/** A plain dot: fewer bytes than nivo's default symbol. */
const PointDot = ({ size, color }: { size: number; color: string }) => <circle r={size / 2} fill={color} />;

const DEFAULT_COLORS = ["#166534", "#d97706", "#2563eb", "#be123c"];

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * Fewer bytes for slow links: 1-decimal coordinates, no zero-length tick marks or test ids. Only
 * numbers inside tags are rounded: a tick label ("0.52%") is text and stays as written.
 */
function compact(svg: string) {
  return svg
    .replace(/<[^>]+>/g, (tag) => tag.replace(/-?\d+\.\d{2,}/g, (n) => String(Math.round(Number(n) * 10) / 10)))
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

/**
 * nivo, loaded at the first chart drawn rather than when the server starts: it brings about 200
 * modules (lodash one function a file), a third of a server's start-up, which a worker that draws
 * no chart never needs. Its CommonJS build, which Node loads in half the time of the ES one.
 */
let nivoLine: typeof import("@nivo/line") | undefined;
const loadNivoLine = () => (nivoLine ??= createRequire(import.meta.url)("@nivo/line") as typeof import("@nivo/line"));

function drawLineChart(series: ChartSeries[], width: number, height: number, options: LineChartOptions): string {
  const data = clean(series);
  if (data.length === 0) return "";
  const colors = data.map((s) => s.color);
  const ys = data.flatMap((s) => s.data.map((p) => p.y));
  const min = Math.min(...ys);
  const max = Math.max(...ys);
  const pad = max === min ? Math.max(1, Math.abs(max) * 0.1) : (max - min) * 0.15;
  const axes = options.axes ?? false;
  const yMin = options.yFromZero ? Math.min(0, min) : min - pad;
  const yMax = max + pad;
  const yLabels = axes ? yTicks(yMin, yMax, options.ySuffix, options.locale) : [];
  const format = new Map(yLabels.map((t) => [t.value, t.label]));
  const fontSize = axisFontSize(width);
  // Room on the left for the widest y label; at the bottom for one line of x labels.
  const left = Math.ceil(Math.max(...yLabels.map((t) => t.label.length), 1) * fontSize * 0.62) + 10;
  const margin = options.margin ?? (axes ? { top: 10, right: 14, bottom: fontSize + 16, left } : { top: 4, right: 4, bottom: 4, left: 4 });
  const xLabels = axes ? xTicks(options.xTickValues ?? data[0].data.map((p) => p.x), width - margin.left - margin.right, fontSize) : [];
  const { Line } = loadNivoLine();
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
      yScale={{ type: "linear", min: yMin, max: yMax }}
      curve={options.straight ? "linear" : "monotoneX"}
      colors={colors}
      lineWidth={2}
      enablePoints={options.points ?? axes}
      pointSize={5}
      pointSymbol={PointDot}
      pointColor={{ from: "series.color" }}
      pointBorderWidth={0}
      enableArea={options.area ?? false}
      areaOpacity={0.12}
      areaBaselineValue={options.yFromZero ? 0 : yMin}
      enableGridX={false}
      enableGridY={axes}
      gridYValues={yLabels.map((t) => t.value)}
      axisTop={null}
      axisRight={null}
      axisBottom={axes ? { tickSize: 0, tickPadding: 6, tickValues: xLabels } : null}
      axisLeft={axes ? { tickSize: 0, tickPadding: 6, tickValues: yLabels.map((t) => t.value), format: (value: number) => format.get(value) ?? String(value) } : null}
      layers={axes ? ["grid", "axes", "areas", "lines", "points"] : ["areas", "lines", "points"]}
      theme={{ text: { fontSize, fill: "#57534e", fontFamily: "inherit" }, grid: { line: { stroke: "#e7e5e4", strokeWidth: 1 } } }}
    />,
  );
  // A viewBox lets CSS scale the picture to a 360 px screen; the title names it for screen readers.
  return compact(markup).replace(/^<svg([^>]*)>/, (_, attrs: string) => `<svg${attrs} viewBox="0 0 ${width} ${height}" preserveAspectRatio="xMidYMid meet"><title>${escapeXml(options.label)}</title>`);
}
