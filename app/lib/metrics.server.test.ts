import { describe, expect, it } from "vitest";
import { observeRequest, registry, routePattern } from "~/lib/metrics.server";

describe("metrics", () => {
  it("labels requests by route pattern, not by id or token", () => {
    expect(routePattern("/api/v1/invest/deposits/42", 200)).toBe("/api/v1/invest/deposits/:id");
    expect(routePattern("/batches/7", 200)).toBe("/batches/:id");
    expect(routePattern("/reset-password/Zx81kQ0pWm3vT5rLa9yB", 200)).toBe("/reset-password/:id");
    expect(routePattern("/invest/eggs", 200)).toBe("/invest/eggs");
    expect(routePattern("/anything/the/client/made/up", 404)).toBe("unmatched");
    expect(routePattern("/build/_assets/tailwind-IUW4XEPH.css", 200)).toBe("/build/*");
  });

  it("never makes a label of the USSD callback secret, digits or none", () => {
    expect(routePattern("/ussd/hubtel/only-letters-in-this-secret", 200)).toBe("/ussd/hubtel/:id");
    expect(routePattern("/ussd/africastalking/0123456789abcdef", 200)).toBe("/ussd/africastalking/:id");
  });

  it("observes a request in the duration histogram", async () => {
    observeRequest({ method: "GET", path: "/batches/3", status: 200, seconds: 0.004 });
    const text = await registry.metrics();
    expect(text).toMatch(/akoko_http_request_duration_seconds_count\{method="GET",route="\/batches\/:id",status="200"\} 1/);
    expect(text).toContain("process_cpu_seconds_total");
  });

  it("reports the event loop's delay: a stall of 150 ms shows in its maximum", async () => {
    // Sampled every 100 ms, a stall of 150 ms delays one sample by at least 50 ms, wherever it falls.
    await new Promise((resolve) => setTimeout(resolve, 250));
    const stalledUntil = performance.now() + 150;
    while (performance.now() < stalledUntil) {
      /* the loop is held, as by a slow synchronous request */
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    const text = await registry.metrics();
    const max = Number(/^nodejs_eventloop_lag_max_seconds (\S+)$/m.exec(text)?.[1]);
    expect(max).toBeGreaterThanOrEqual(0.045);
  });
});
