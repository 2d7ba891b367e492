import { describe, expect, it } from "vitest";
import { renderLineChartSvg } from "~/lib/charts.server";

const series = (ys: number[]) => [{ id: "roi", points: ys.map((y, i) => ({ x: `#${i + 1}`, y })) }];

describe("renderLineChartSvg", () => {
  it("draws a labelled SVG with axes, scaled by a viewBox", () => {
    const svg = renderLineChartSvg(series([8, 12, 9, 14, 11, 13, 15, 12]), 320, 160, { label: "Expected ROI by batch", axes: true, ySuffix: "%" });
    expect(svg).toMatch(/^<svg [^>]*width="320" height="160"[^>]*viewBox="0 0 320 160"/);
    expect(svg).toContain('role="img"');
    expect(svg).toContain("<title>Expected ROI by batch</title>");
    expect(svg).toContain(">#1</text>");
    expect(svg).toContain(">#8</text>");
    expect(svg).toMatch(/>\d+%<\/text>/);
    expect(svg.match(/<path d="M/g)).toHaveLength(1);
    expect(svg.match(/<circle /g)).toHaveLength(8);
    expect(svg).not.toMatch(/\d\.\d{2,}/);
  });

  it("draws a small sparkline without axes or points, a few hundred bytes", () => {
    const svg = renderLineChartSvg(series([1, 1.2, 0.9, 1.1]), 120, 40, { label: "ROI history" });
    expect(svg).not.toContain("<text");
    expect(svg).not.toContain("<circle");
    expect(svg.length).toBeLessThan(600);
  });

  it("draws several series in their own colours and escapes the label", () => {
    const svg = renderLineChartSvg(
      [
        { id: "a", points: [{ x: "Jan", y: 1 }, { x: "Feb", y: 2 }], color: "#111111" },
        { id: "b", points: [{ x: "Jan", y: 3 }, { x: "Feb", y: 1 }], color: "#222222" },
      ],
      200,
      80,
      { label: "A <b> & B" },
    );
    expect(svg).toContain('stroke="#111111"');
    expect(svg).toContain('stroke="#222222"');
    expect(svg).toContain("<title>A &lt;b&gt; &amp; B</title>");
  });

  it("returns nothing when there is nothing to draw", () => {
    expect(renderLineChartSvg([], 100, 40, { label: "x" })).toBe("");
    expect(renderLineChartSvg(series([Number.NaN]), 100, 40, { label: "x" })).toBe("");
  });

  it("draws a flat or single-point series without dividing by zero", () => {
    expect(renderLineChartSvg(series([5, 5, 5]), 100, 40, { label: "flat" })).not.toContain("NaN");
    expect(renderLineChartSvg(series([5]), 100, 40, { label: "one" })).not.toContain("NaN");
  });

  it("draws the same inputs once and still tells different inputs apart", () => {
    const options = { label: "Cached", axes: true, ySuffix: "%" };
    const first = renderLineChartSvg(series([1, 2, 3]), 200, 80, options);
    expect(renderLineChartSvg(series([1, 2, 3]), 200, 80, { ...options })).toBe(first);
    expect(renderLineChartSvg(series([1, 2, 4]), 200, 80, options)).not.toBe(first);
    const kg = renderLineChartSvg(series([1, 2, 3]), 200, 80, { ...options, ySuffix: " kg" });
    expect(kg).toContain(" kg<");
    expect(kg).not.toBe(first);
  });
});
