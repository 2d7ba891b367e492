import { chromium } from "playwright-core";
const [,, url, out, y] = process.argv;
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless","--no-sandbox","--disable-gpu"] });
const p = await b.newPage({ viewport: { width: 360, height: 740 } });
await p.goto(url);
console.log("sidescroll ok:", await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
await p.screenshot({ path: out, clip: { x: 0, y: Number(y || 0), width: 360, height: 740 }, fullPage: true });
await b.close();
