import { describe, expect, it } from "vitest";
import { renderLineChartSvg, xTicks, yTicks } from "~/lib/charts.server";

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
        {
          id: "a",
          points: [
            { x: "Jan", y: 1 },
            { x: "Feb", y: 2 },
          ],
          color: "#111111",
        },
        {
          id: "b",
          points: [
            { x: "Jan", y: 3 },
            { x: "Feb", y: 1 },
          ],
          color: "#222222",
        },
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

describe("axis labels a phone can read (issue 14)", () => {
  const labelsOf = (svg: string, anchor: "end" | "middle") => [...svg.matchAll(new RegExp(`text-anchor="${anchor}"[^>]*>([^<]*)</text>`, "g"))].map((m) => m[1]);

  it("writes each y tick once, with its unit and the decimals its step needs (never rounded into repeats)", () => {
    const points = [0.5, 0.52, 0.51, 0.53, 0.55, 0.54, 0.56].map((y, i) => ({ x: `11-0${i + 1}`, y }));
    const svg = renderLineChartSvg([{ id: "lay", points }], 300, 190, { label: "Lay rate", axes: true, ySuffix: "%" });
    const left = labelsOf(svg, "end");
    expect(left).toEqual(["0.50%", "0.52%", "0.54%", "0.56%"]);
    expect(new Set(left).size).toBe(left.length);
    expect(svg).toContain("font-size:13px");
  });

  it("yTicks: round steps of 1, 2 or 5 x 10^n, about five of them", () => {
    expect(yTicks(0, 100).map((t) => t.label)).toEqual(["0", "20", "40", "60", "80", "100"]);
    expect(yTicks(1.12, 1.58, " kg").map((t) => t.label)).toEqual(["1.2 kg", "1.3 kg", "1.4 kg", "1.5 kg"]);
    expect(yTicks(5, 5).map((t) => t.label)).toEqual(["5"]);
  });

  it("yTicks for a reader: grouped numbers, and compact ones from 10,000 up, in Akan words in Twi", () => {
    expect(yTicks(0, 5_000, "", "en").map((t) => t.label)).toEqual(["0", "1,000", "2,000", "3,000", "4,000", "5,000"]);
    expect(yTicks(0, 50_000, "", "en").map((t) => t.label)).toEqual(["0", "10K", "20K", "30K", "40K", "50K"]);
    expect(yTicks(0, 50_000, "", "ak").map((t) => t.label)).toEqual(["0", "mpem 10", "mpem 20", "mpem 30", "mpem 40", "mpem 50"]);
    expect(yTicks(1.12, 1.58, " kg", "ak").map((t) => t.label)).toEqual(["1.2 kg", "1.3 kg", "1.4 kg", "1.5 kg"]);
  });

  it("xTicks: each label once, no more than fit, the first and last kept", () => {
    const days = Array.from({ length: 30 }, (_, i) => `11-${String(i + 1).padStart(2, "0")}`);
    const shown = xTicks(days, 230);
    expect(shown.length).toBeLessThanOrEqual(5);
    expect(shown[0]).toBe("11-01");
    expect(shown.at(-1)).toBe("11-30");
    expect(xTicks(["#1", "#2", "#1"], 300)).toEqual(["#1", "#2"]);
  });
});

describe("a chart drawn wider than a phone shows it", () => {
  it("scales its axis text with its width, so it reads the same once shrunk to a 294 px card", () => {
    const points = [10, 20, 15, 30].map((y, i) => ({ x: `#${i + 1}`, y }));
    expect(renderLineChartSvg([{ id: "a", points }], 300, 180, { label: "a", axes: true })).toContain("font-size:13px");
    expect(renderLineChartSvg([{ id: "a", points }], 480, 190, { label: "a", axes: true })).toContain("font-size:21px");
  });
});
