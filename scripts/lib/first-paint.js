// First contentful paint on an emulated Slow 3G link, as docs/rules.md#weight-budgets sets it: 400 ms latency,
// 400 kbit/s both ways, cache off, Chromium at 360 x 740. A measurement for `npm run weight`,
// never a test assertion (timings on a shared machine are for reading, not for failing builds).

/**
 * @param {import("playwright-core").Browser} browser
 * @param {string} url
 * @param {number} runs the median of this many cold loads is returned
 * @param {{ javaScriptEnabled?: boolean }} options
 */
export async function slow3gFirstPaintMs(browser, url, runs = 3, { javaScriptEnabled = true } = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 });
      await page.goto(url, { waitUntil: "load" });
      // Read through the DevTools protocol, so it works with the page's JavaScript off too.
      const { result } = await cdp.send("Runtime.evaluate", {
        expression: `new Promise((resolve) => {
          const entry = performance.getEntriesByName("first-contentful-paint")[0];
          if (entry) return resolve(entry.startTime);
          new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime)).observe({ type: "paint", buffered: true });
        })`,
        awaitPromise: true,
        returnByValue: true,
      });
      const fcp = result.value;
      times.push(Number(fcp));
    } finally {
      await context.close();
    }
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}
