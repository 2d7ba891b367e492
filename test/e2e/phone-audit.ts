import fs from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserMode, expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR, thumbTargets, typeUnits, widerThanTheirBoxes } from "../support/browser";
import { apiLogin, call, type Client } from "../support/client";
import { createInvestor, signInBrowser } from "../support/factories";
import { collectPageErrors, hydrated } from "../support/journey";
import { startServer, TEST_ADMIN, TEST_INVESTOR, type TestServer } from "../support/server";
import { translatorFor } from "~/catalog/index.server";

/** The phone audit in one browser mode; each mode is its own test file (phone-audit-nojs, phone-audit-js). */
export function definePhoneAudit(mode: BrowserMode) {
  /**
   * Issue 14: what an audit of the investor's view at 360 x 740 found, each point held in a phone
   * browser with JavaScript off and on. Tap targets, chart text and select widths are measured in
   * the browser; the smallest figures seen are printed at the end (the report quotes them).
   */

  let server: TestServer;
  let browser: Browser;
  let admin: Client;
  const ghs = new Intl.NumberFormat("en-GH", { style: "currency", currency: "GHS", minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const measured = { tapWidth: Infinity, tapHeight: Infinity, primaryHeight: Infinity, thumbHeight: Infinity, chartFont: Infinity, targets: 0, thumbs: 0, charts: 0 };

  type Product = { id: number; product_type: "EGG" | "CHICKEN"; unit_price: number; expected_roi: number; status: string; available_units: number };

  // Sort fixtures: one farm per product so a search shows only them. Statuses that the admin flow
  // would take weeks to reach (harvested, closed, sold out) are written straight into the file.
  const sortIds = { chicken: {} as Record<string, number>, egg: {} as Record<string, number> };

  async function newFarm(name: string) {
    const farm = await call(admin, "POST", "/api/v1/admin/farms", { name, location: "Ho, Volta", notes: "" });
    expect(farm.status).toBe(201);
    return farm.body.id as number;
  }

  async function newBatch(farmId: number, fields: Record<string, unknown>) {
    const res = await call(admin, "POST", "/api/v1/admin/batches", {
      farm_id: farmId,
      product_type: "CHICKEN",
      unit_price: 10,
      target_units: 100,
      feed_price: 6,
      mortality_rate: 0.05,
      expected_roi: 0.1,
      id: 0,
      ...fields,
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  function setBatch(id: number, fields: { status?: string; unitsPlaced?: number }) {
    const db = server.db();
    if (fields.status) db.prepare("update batches set status = ?, start_date = coalesce(start_date, '2026-10-01') where id = ?").run(fields.status, id);
    if (fields.unitsPlaced !== undefined) db.prepare("update batches set units_placed = ? where id = ?").run(fields.unitsPlaced, id);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    admin = await apiLogin(server.url, TEST_ADMIN.email, TEST_ADMIN.password);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });

    const chickenFarm = await newFarm("Sortcheck Broilers");
    const c = sortIds.chicken;
    c.open = await newBatch(chickenFarm, { unit_price: 20, expected_roi: 0.1, target_units: 100 });
    c.soldOut = await newBatch(chickenFarm, { unit_price: 10, expected_roi: 0.3, target_units: 2 });
    c.harvested = await newBatch(chickenFarm, { unit_price: 5, expected_roi: 0.4, target_units: 300 });
    c.active = await newBatch(chickenFarm, { unit_price: 8, expected_roi: 0.35, target_units: 50 });
    c.cheapOpen = await newBatch(chickenFarm, { unit_price: 30, expected_roi: 0.05, target_units: 1000 });
    setBatch(c.soldOut, { unitsPlaced: 2 });
    setBatch(c.harvested, { status: "HARVESTED", unitsPlaced: 300 });
    setBatch(c.active, { status: "ACTIVE", unitsPlaced: 50 });

    const eggFarm = await newFarm("Sortcheck Layers");
    const e = sortIds.egg;
    e.open = await newBatch(eggFarm, { product_type: "EGG", unit_price: 20, expected_roi: 0.01, target_units: 100 });
    e.closed = await newBatch(eggFarm, { product_type: "EGG", unit_price: 5, expected_roi: 0.05, target_units: 400 });
    e.active = await newBatch(eggFarm, { product_type: "EGG", unit_price: 6, expected_roi: 0.04, target_units: 40 });
    e.soldOut = await newBatch(eggFarm, { product_type: "EGG", unit_price: 7, expected_roi: 0.03, target_units: 3 });
    setBatch(e.closed, { status: "CLOSED", unitsPlaced: 400 });
    setBatch(e.active, { status: "ACTIVE", unitsPlaced: 40 });
    setBatch(e.soldOut, { unitsPlaced: 3 });
  }, 60_000);

  afterAll(async () => {
    console.log(
      `phone audit at 360 px: ${measured.targets} tap targets, smallest ${measured.tapWidth} x ${measured.tapHeight} CSS px; ` +
        `primary actions at least ${measured.primaryHeight} px high; ${measured.thumbs} fields, disclosures and choice rows at least ${measured.thumbHeight} px high; ${measured.charts} charts, smallest axis text ${measured.chartFont.toFixed(2)} px`,
    );
    await browser?.close();
    await server?.stop();
  });

  async function products(): Promise<Product[]> {
    const res = await fetch(`${server.url}/api/v1/public/products`);
    return ((await res.json()) as { products: Product[] }).products;
  }

  /** What an investor can put money into now: new units of an OPEN batch, or units offered in an ACTIVE egg batch. */
  const takesMoney = (p: Pick<Product, "status" | "product_type" | "available_units">) => p.available_units > 0 && (p.status === "OPEN" || (p.status === "ACTIVE" && p.product_type === "EGG"));

  /** The product the Home card and the estimator quote: the lowest unit price that takes money (ties: the lower batch number). */
  async function cheapest(type: "EGG" | "CHICKEN") {
    const list = (await products()).filter((p) => p.product_type === type && takesMoney(p));
    return list.sort((a, b) => a.unit_price - b.unit_price || a.id - b.id)[0];
  }

  async function logIn(page: Page, email: string, password: string, javaScriptEnabled: boolean, from = "/login") {
    await page.goto(`${server.url}${from}`);
    await hydrated(page, javaScriptEnabled);
    await page.locator("main").getByLabel("Email").fill(email);
    await page.locator("main").getByLabel("Password").fill(password);
    await page.locator("main").getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname !== "/login");
  }

  async function investor(depositGhs: number) {
    const u = await createInvestor(server, { fullName: "Efua Audit" });
    if (depositGhs > 0) expect((await call(u.api, "POST", "/api/v1/invest/deposit", { amount: depositGhs })).status).toBe(200);
    return u;
  }

  async function open(page: Page, pathname: string, javaScriptEnabled: boolean) {
    await page.goto(`${server.url}${pathname}`);
    await hydrated(page, javaScriptEnabled);
  }

  const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  /** The portfolio's links and buttons that reach past the edge of their holding's card. */
  const actionsOutsideCards = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("tr[id^=investment-]")].flatMap((card) => {
        // The card's content box: a button in its padding already looks cut off.
        const r0 = card.getBoundingClientRect();
        const style = getComputedStyle(card);
        const left = r0.left + parseFloat(style.paddingLeft);
        const right = r0.right - parseFloat(style.paddingRight);
        return [...card.querySelectorAll<HTMLElement>("a, button")]
          .filter((el) => el.checkVisibility())
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 1 && (r.left < left - 1 || r.right > right + 1))
          .map(({ el, r }) => `${card.id}: "${(el.textContent ?? "").trim()}" ends at ${Math.round(r.right)}, the card's content at ${Math.round(right)}`);
      }),
    );
  const shot = (page: Page, name: string) => screenshot(page, `phone-audit-${name}.png`);

  type TapAudit = { failures: string[]; count: number; minWidth: number; minHeight: number; primaryHeights: Array<{ text: string; height: number }> };

  /**
   * WCAG 2.2, 2.5.8: every visible link, button, submit, checkbox, select and disclosure is at least
   * 24 x 24 CSS px, or a 24 px circle centred on it touches no other target and no other small
   * target's circle (the spacing exception). Screen-reader-only elements (1 x 1) are not targets.
   */
  function auditTapTargets(page: Page, scope = "body"): Promise<TapAudit> {
    return page.evaluate((scopeSelector) => {
      const root = document.querySelector(scopeSelector) ?? document.body;
      const all = [...document.querySelectorAll<HTMLElement>("a[href], button, input[type=submit], input[type=checkbox], input[type=radio], select, summary")]
        .filter((el) => el.checkVisibility({ visibilityProperty: true, opacityProperty: true }))
        .map((el) => ({ el, r: el.getBoundingClientRect() }))
        .filter(({ r }) => r.width > 1 && r.height > 1);
      const name = (el: HTMLElement) =>
        `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") || el.textContent || (el as HTMLInputElement).name || "").trim().replace(/\s+/g, " ").slice(0, 40)}"`;
      const small = all.filter(({ r }) => r.width < 24 || r.height < 24);
      const failures: string[] = [];
      for (const s of small) {
        if (!root.contains(s.el)) continue;
        const cx = s.r.left + s.r.width / 2;
        const cy = s.r.top + s.r.height / 2;
        const clash = all.find((o) => {
          if (o === s || o.el.contains(s.el) || s.el.contains(o.el)) return false;
          if (small.includes(o)) return Math.hypot(o.r.left + o.r.width / 2 - cx, o.r.top + o.r.height / 2 - cy) < 24;
          const dx = Math.max(o.r.left - cx, 0, cx - o.r.right);
          const dy = Math.max(o.r.top - cy, 0, cy - o.r.bottom);
          return Math.hypot(dx, dy) < 12;
        });
        if (clash) failures.push(`${name(s.el)} is ${Math.round(s.r.width)} x ${Math.round(s.r.height)} and crowds ${name(clash.el)}`);
      }
      const mine = all.filter(({ el }) => root.contains(el));
      return {
        failures,
        count: mine.length,
        minWidth: Math.min(...mine.map(({ r }) => Math.round(r.width * 10) / 10)),
        minHeight: Math.min(...mine.map(({ r }) => Math.round(r.height * 10) / 10)),
        primaryHeights: mine.filter(({ el }) => el.classList.contains("btn-primary")).map(({ el, r }) => ({ text: name(el), height: r.height })),
      };
    }, scope);
  }

  /** Every target 24 x 24 px (or spaced), primary actions about 44 px high; fields, disclosures and choice rows 44 px (thumbTargets). */
  async function expectTapTargets(page: Page, label: string, scope?: string) {
    const audit = await auditTapTargets(page, scope);
    expect(audit.failures, `${label}: targets under 24 x 24 px without room around them`).toEqual([]);
    const thumbs = await thumbTargets(page, scope);
    expect.soft(thumbs.failures, `${label}: fields, disclosures and choice rows under a thumb's 44 px`).toEqual([]);
    measured.thumbs += thumbs.count;
    if (thumbs.count > 0) measured.thumbHeight = Math.min(measured.thumbHeight, thumbs.minHeight);
    for (const p of audit.primaryHeights) expect(p.height, `${label}: primary action ${p.text}`).toBeGreaterThanOrEqual(40);
    measured.targets += audit.count;
    measured.tapWidth = Math.min(measured.tapWidth, audit.minWidth);
    measured.tapHeight = Math.min(measured.tapHeight, audit.minHeight);
    for (const p of audit.primaryHeights) measured.primaryHeight = Math.min(measured.primaryHeight, Math.round(p.height));
  }

  /** A select whose chosen text is wider than its box (less the padding and the arrow) is cut off. */
  /** Opens a list page's folded filters (issue 29: closed while no filter is in use). */
  async function openFilters(page: Page) {
    const fold = page.locator("details[data-testid=filter-fold]:not([open]) > summary");
    if (await fold.count()) await fold.click();
  }

  function cutOffSelects(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const canvas = document.createElement("canvas").getContext("2d")!;
      return [...document.querySelectorAll("select")]
        .filter((s) => s.checkVisibility())
        .flatMap((s) => {
          const style = getComputedStyle(s);
          canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
          const text = s.selectedOptions[0]?.text ?? "";
          const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
          const width = canvas.measureText(text).width;
          const clipped = s.scrollWidth > s.clientWidth || width > room;
          return clipped ? [`${s.name}: "${text}" needs ${Math.ceil(width)} px, has ${Math.floor(room)}`] : [];
        });
    });
  }

  /** Date inputs name their format (a hint or placeholder saying YYYY-MM-DD) and have a label. */
  function dateInputsWithoutFormat(page: Page): Promise<string[]> {
    return page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>("input[type=date]")]
        .filter((input) => input.checkVisibility())
        .flatMap((input) => {
          const described = (input.getAttribute("aria-describedby") ?? "")
            .split(/\s+/)
            .map((id) => document.getElementById(id)?.textContent ?? "")
            .join(" ");
          const saysFormat = input.placeholder === "YYYY-MM-DD" || described.includes("YYYY-MM-DD");
          const labelled = (input.labels?.length ?? 0) > 0 && [...input.labels!].some((l) => l.textContent!.trim() !== "");
          return saysFormat && labelled ? [] : [`${input.name}: ${labelled ? "" : "no label "}${saysFormat ? "" : "no YYYY-MM-DD hint"}`];
        }),
    );
  }

  type ChartAudit = { label: string; minFont: number; unitless: string[]; repeated: string[]; axisTexts: number };

  /**
   * Every axis label of every server-drawn chart: its rendered size (font size x the SVG's scale), unit
   * and uniqueness. The charts a page shows: inline SVG, and SVG images (a chart drawn by its own route), each
   * measured as drawn on this screen: an image's text at its font size times the image's scale.
   */
  function auditCharts(page: Page): Promise<ChartAudit[]> {
    return page.evaluate(async () => {
      const audit = (svg: SVGSVGElement, scale: (t: SVGTextElement) => number) => {
        const texts = [...svg.querySelectorAll("text")];
        const left = texts.filter((t) => t.getAttribute("text-anchor") === "end").map((t) => t.textContent ?? "");
        const bottom = texts.filter((t) => t.getAttribute("text-anchor") === "middle").map((t) => t.textContent ?? "");
        const repeats = (labels: string[]) => labels.filter((l, i) => labels.indexOf(l) !== i);
        return {
          label: svg.getAttribute("aria-label") ?? "",
          minFont: Math.min(...texts.map(scale)),
          unitless: left.filter((l) => !/(%|kg|GH₵|°)/.test(l)),
          repeated: [...repeats(left), ...repeats(bottom)],
          axisTexts: texts.length,
        };
      };
      const inline = [...document.querySelectorAll<SVGSVGElement>("svg[role=img]")]
        .filter((svg) => svg.checkVisibility() && svg.querySelector("text"))
        .map((svg) => audit(svg, (t) => parseFloat(getComputedStyle(t).fontSize) * (t.getScreenCTM()?.a ?? 1)));
      const images = await Promise.all(
        [...document.querySelectorAll<HTMLImageElement>("img[src$='.svg']")]
          .filter((img) => img.checkVisibility())
          .map(async (img) => {
            const svg = new DOMParser().parseFromString(await (await fetch(img.src)).text(), "image/svg+xml").documentElement as unknown as SVGSVGElement;
            const drawnWidth = img.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return audit(svg, (t) => parseFloat(/font-size:\s*([\d.]+)px/.exec(t.getAttribute("style") ?? "")?.[1] ?? "16") * drawnWidth);
          }),
      );
      return [...inline, ...images.filter((chart) => chart.axisTexts > 0)];
    });
  }

  async function expectReadableCharts(page: Page, where: string, expected: number, { units = true } = {}) {
    const charts = await auditCharts(page);
    expect(charts.length, `${where}: charts with axes`).toBeGreaterThanOrEqual(expected);
    for (const c of charts) {
      expect(c.minFont, `${where}: ${c.label} axis text size`).toBeGreaterThanOrEqual(11);
      expect(c.repeated, `${where}: ${c.label} repeated tick labels`).toEqual([]);
      // A ratio (feed conversion, kg per kg) has no unit to write; everything else says %, kg, GH₵ or °.
      if (units && !/ratio/i.test(c.label)) expect(c.unitless, `${where}: ${c.label} y labels without a unit`).toEqual([]);
      measured.chartFont = Math.min(measured.chartFont, c.minFont);
      measured.charts += 1;
    }
  }

  /** The batch with the most farm logs (the seed writes daily logs for some batches). */
  function batchWithLogs(): number {
    const row = server.db().prepare("select batch_id id from farm_logs group by batch_id order by count(*) desc limit 1").get() as { id: number };
    return row.id;
  }

  describe(`the investor's view at 360 x 740 ${mode.label}`, () => {
    const { javaScriptEnabled, tag } = mode;
    let context: BrowserContext;
    let page: Page;
    const errors: string[] = [];
    beforeAll(async () => {
      context = await phoneContext(browser, { javaScriptEnabled });
      page = await context.newPage();
      collectPageErrors(page, errors);
    });
    afterAll(async () => {
      await context?.close();
      expect(errors).toEqual([]);
    });

    it("2. the estimator on Home and How It Works switches its defaults with the product", async () => {
      const egg = await cheapest("EGG");
      const content = (await (await fetch(`${server.url}/api/v1/public/pages/how-it-works`)).json()) as { example_unit_price: number; example_expected_roi: number };
      for (const [pathname, id] of [
        ["/", "estimator"],
        ["/how-it-works", "calculator"],
      ] as const) {
        await open(page, pathname, javaScriptEnabled);
        const form = page.locator(`#${id}`);
        const field = (name: string) => page.locator(`#${id}-${name}`);
        const figure = (name: string) => page.locator(`[data-testid="${id}-result"] [data-figure="${name}"]`).innerText();
        const choose = async (product: "EGG" | "CHICKEN") => {
          await field("product").selectOption(product);
          if (!javaScriptEnabled) {
            await form.getByRole("button", { name: "Calculate" }).click();
            await page.waitForURL(new RegExp(`product=${product}`));
          }
        };
        // Chicken first: the stored example (docs/rules.md#product-constants).
        await expect(field("unit-price").inputValue()).resolves.toBe(String(content.example_unit_price));
        await expect(field("roi").inputValue()).resolves.toBe(String(content.example_expected_roi));

        await choose("EGG");
        // Egg Note: the live egg batch's unit price and monthly ROI, not the chicken figures read as monthly.
        await expect.poll(() => field("roi").inputValue()).toBe(String(egg.expected_roi));
        await expect(field("unit-price").inputValue()).resolves.toBe(String(egg.unit_price));
        const principal = 10 * egg.unit_price;
        const yearly = Math.round(principal * egg.expected_roi * 12 * 100) / 100;
        await expect.poll(() => figure("return")).toBe(ghs.format(yearly));
        expect(yearly / principal).toBeLessThan(1);
        await expectVisible(form.getByText("12-month illustrative"));
        await shot(page, `estimator-egg-${id}-${tag}`);

        // A figure the visitor typed stays when the product changes; the defaults follow the product.
        await field("units").fill("4");
        await choose("CHICKEN");
        await expect.poll(() => field("roi").inputValue()).toBe(String(content.example_expected_roi));
        await expect(field("unit-price").inputValue()).resolves.toBe(String(content.example_unit_price));
        await expect(field("units").inputValue()).resolves.toBe("4");
        await expect.poll(() => figure("principal")).toBe(ghs.format(4 * content.example_unit_price));
      }
    }, 60_000);

    it("3. every sort puts batches that take money first and ended batches last", async () => {
      const tier = (status: string, available: number, type: string) =>
        available > 0 && (status === "OPEN" || (status === "ACTIVE" && type === "EGG")) ? 0 : status === "HARVESTED" || status === "CLOSED" ? 2 : 1;
      for (const [type, pathname] of [
        ["CHICKEN", "/invest/chicken"],
        ["EGG", "/invest/eggs"],
      ] as const) {
        await open(page, `${pathname}?q=Sortcheck`, javaScriptEnabled);
        for (const sort of ["recommended", "roi", "available", "price"]) {
          const filters = page.locator("main form[aria-label='Filter batches']");
          const wanted = (url: URL) => url.searchParams.get("q") === "Sortcheck" && (url.searchParams.get("sort") ?? "recommended") === sort;
          // Without JavaScript the form is applied by its button; with it, by the change itself.
          if (javaScriptEnabled) await filters.locator("select[name=sort]").selectOption(sort);
          else {
            await filters.locator("select[name=sort]").selectOption(sort);
            await Promise.all([page.waitForNavigation(), filters.getByRole("button", { name: "Apply" }).click()]);
          }
          await page.waitForURL(wanted);
          await page.getByTestId("batch-grid").waitFor();
          await expect.poll(() => page.locator("[data-batch]").count()).toBe(type === "CHICKEN" ? 5 : 4);
          const cards = await page.locator("[data-batch]").evaluateAll((els) =>
            els.map((el) => ({
              id: Number(el.getAttribute("data-batch")),
              status: el.querySelector("[data-status]")!.getAttribute("data-status")!,
              available: Number(el.querySelector("[data-testid=available-units]")!.textContent!.replace(/,/g, "")),
            })),
          );
          const tiers = cards.map((c) => tier(c.status, c.available, type));
          expect(tiers, `${type} sorted by ${sort}: ${JSON.stringify(cards)}`).toEqual([...tiers].sort());
          expect(tiers[0]).toBe(0);
        }
        await shot(page, `sorted-${type.toLowerCase()}-${tag}`);
      }
    }, 90_000);

    it("4. figures mean one thing each: mortality, 'From', one money format, '1 unit'", async () => {
      // Home: 'From' is the lowest unit price one can buy at, in the one money format.
      await open(page, "/", javaScriptEnabled);
      for (const [type, heading] of [
        ["EGG", "Egg Note"],
        ["CHICKEN", "Chicken Note"],
      ] as const) {
        const card = page.locator("article", { has: page.getByRole("heading", { name: heading, exact: true }) });
        await expectVisible(card.getByText(`From ${ghs.format((await cheapest(type)).unit_price)} per unit`));
      }
      const u = await investor(100);
      const batchId = sortIds.chicken.open;
      await logIn(page, u.email, u.password, javaScriptEnabled, `/login?${new URLSearchParams({ redirectTo: `/invest/chicken?q=Sortcheck&dialog=invest&batch=${batchId}` })}`);
      const dialog = page.getByRole("dialog", { name: `Invest in Batch #${batchId}` });
      await typeUnits(page, dialog, "1", javaScriptEnabled);
      await dialog.getByRole("checkbox", { name: /I acknowledge the investment terms/ }).check();
      await dialog.getByRole("button", { name: "Invest" }).click();
      await expectVisible(page.getByText(`Investment confirmed: 1 unit of Batch #${batchId} for ${ghs.format(20)}.`));

      // The card's mortality is the batch's expected rate.
      const card = page.locator(`[data-batch="${batchId}"]`);
      await expectVisible(card.locator("dt", { hasText: "Expected mortality" }));
      await expect(card.locator("dt", { hasText: /^Mortality$/ }).count()).resolves.toBe(0);

      await open(page, `/batches/${batchId}`, javaScriptEnabled);
      await expectVisible(page.getByTestId("your-holding").getByText(`You hold 1 unit (${ghs.format(20)}) in this batch.`));

      // The batch page: the expected rate above, what the farm logged so far below.
      const logged = batchWithLogs();
      await open(page, `/batches/${logged}`, javaScriptEnabled);
      await expectVisible(page.locator("dt", { hasText: "Expected mortality" }));
      await expectVisible(page.getByTestId("latest-metrics").locator("dt", { hasText: "Mortality so far" }));
      // The daily log is a card per day on a phone, in English and in Twi (longer words): no box to scroll sideways.
      const twiReader = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, extraHTTPHeaders: { "Accept-Language": "ak" } });
      for (const [reader, language] of [
        [page, "English"],
        [await twiReader.newPage(), "Twi"],
      ] as const) {
        await open(reader, `/batches/${logged}`, javaScriptEnabled);
        expect(await reader.locator("html").getAttribute("lang")).toBe(language === "Twi" ? "ak" : "en-GH");
        const log = await reader.getByTestId("log-table").evaluate((table) => ({ needs: table.scrollWidth, has: table.parentElement!.clientWidth }));
        expect(log.needs, `/batches/${logged} in ${language}: the daily log`).toBeLessThanOrEqual(log.has);
      }
      await twiReader.close();

      // One money format on every page a visitor reads (the word-for-word messages are not on these pages).
      for (const pathname of ["/", "/how-it-works", "/faq", "/invest/eggs", "/invest/chicken", `/batches/${logged}`, `/batches/${batchId}`, "/risk", "/portfolio"]) {
        await open(page, pathname, javaScriptEnabled);
        const text = await page.locator("body").innerText();
        expect(text.match(/.{0,30}\bGHS\s?\d.{0,20}/g), `${pathname}: amounts not written as GH₵`).toBeNull();
        expect(text.match(/.{0,30}\b1 units\b.{0,20}/g), `${pathname}: "1 units"`).toBeNull();
      }
    }, 90_000);

    it("6. every link and button is at least 24 x 24 px on every main page; primary actions, fields, disclosures and choice rows 44 px", async () => {
      const visitor = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
      const anon = await visitor.newPage();
      collectPageErrors(anon, errors);
      const logged = batchWithLogs();
      // The pages that show what the 44 px rule covers: questions, settlement sheets, fields (the seeded batch has sheets).
      const shows: Record<string, string> = { "/faq": "main details > summary", [`/batches/${logged}`]: "li[data-period] details > summary", "/contact": "main textarea" };
      for (const pathname of ["/", "/how-it-works", "/faq", "/invest/eggs", "/invest/chicken", `/batches/${logged}`, "/login", "/register", "/risk", "/terms", "/contact"]) {
        await open(anon, pathname, javaScriptEnabled);
        await expectTapTargets(anon, pathname);
        if (shows[pathname]) await expect(anon.locator(shows[pathname]).count(), `${pathname} shows ${shows[pathname]}`).resolves.toBeGreaterThan(0);
      }
      // The language switch's buttons (in the footer at this width) are a thumb's size: 44 x 44 px.
      const languages = anon.getByTestId("language-switch").locator("button:visible");
      await expect(languages.count()).resolves.toBeGreaterThanOrEqual(2);
      for (const button of await languages.all()) {
        const box = (await button.boundingBox())!;
        expect.soft(box.width, `language switch "${await button.textContent()}" width`).toBeGreaterThanOrEqual(44);
        expect.soft(box.height, `language switch "${await button.textContent()}" height`).toBeGreaterThanOrEqual(44);
      }
      // In Twi the questions are longer and wrap: still a thumb's size.
      await visitor.addCookies([{ name: "lang", value: "ak", url: server.url }]);
      await open(anon, "/faq", javaScriptEnabled);
      expect(await anon.locator("html").getAttribute("lang")).toBe("ak");
      await expectTapTargets(anon, "/faq in Twi");
      await visitor.close();

      // Signed in: the invest dialog (Terms and Risk links outside the checkbox's label), the portfolio with its table, the admin.
      const u = await investor(200);
      expect((await call(u.api, "POST", "/api/v1/invest/create", { batch_id: sortIds.egg.open, units: 2 })).status).toBe(201);
      const signedIn = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
      const p = await signedIn.newPage();
      collectPageErrors(p, errors);
      await signInBrowser(signedIn, server, u);
      for (const type of ["eggs", "chicken"]) {
        const id = type === "eggs" ? sortIds.egg.open : sortIds.chicken.open;
        await open(p, `/invest/${type}?q=Sortcheck&dialog=invest&batch=${id}`, javaScriptEnabled);
        const dialog = p.getByRole("dialog");
        await dialog.waitFor();
        const terms = dialog.locator("#invest-terms");
        const label = dialog.locator("label", { has: terms }).or(dialog.locator("label[for=invest-terms]"));
        await expect(label.locator("a").count(), `${type}: links inside the terms checkbox's label`).resolves.toBe(0);
        await expectVisible(dialog.getByRole("link", { name: "Terms", exact: true }));
        await expectVisible(dialog.getByRole("link", { name: "Risk Disclosure", exact: true }));
        await expect(dialog.locator("details[data-before-tax] > summary").count(), `${type}: the before-tax summary`).resolves.toBe(1);
        await expectTapTargets(p, `/invest/${type} invest dialog`, "[role=dialog]");
        await shot(p, `invest-dialog-${type}-${tag}`);
      }
      // /kyc is for signed-in investors (issue 17): its form, with the file inputs.
      await open(p, "/kyc", javaScriptEnabled);
      await expectTapTargets(p, "/kyc");
      await expect(noSideScroll(p), "/kyc").resolves.toBe(true);
      await open(p, "/portfolio", javaScriptEnabled);
      await expectTapTargets(p, "/portfolio");
      await expect(p.locator("main details[data-before-tax]").count(), "/portfolio: a before-tax summary a row").resolves.toBeGreaterThan(0);
      const reinvest = (await p
        .getByRole("link", { name: /^Reinvest into Batch/ })
        .first()
        .getAttribute("href"))!;
      for (const name of [/^Details of investment/, /^Reinvest into Batch/]) {
        const box = (await p.getByRole("link", { name }).first().boundingBox())!;
        expect(box.height, `${name} height`).toBeGreaterThanOrEqual(36);
        expect(box.width, `${name} width`).toBeGreaterThanOrEqual(44);
      }
      await shot(p, `portfolio-table-${tag}`);
      // Each holding's actions stay inside its card, in English and in Twi (longer words), wrapping if need be.
      await expect(actionsOutsideCards(p), "/portfolio").resolves.toEqual([]);
      // The withdraw dialog's radios, the account's notice boxes.
      const choices = { "/portfolio?dialog=withdraw": "input[type=radio]", "/account": "input[type=checkbox]" };
      for (const [pathname, choice] of Object.entries(choices)) {
        await open(p, pathname, javaScriptEnabled);
        const scope = pathname === "/account" ? "main" : "[role=dialog]";
        await expect(p.locator(scope).locator(choice).count(), `${pathname} shows ${choice}`).resolves.toBeGreaterThan(0);
        await expectTapTargets(p, pathname, scope);
      }
      await signedIn.addCookies([{ name: "lang", value: "ak", url: server.url }]);
      await open(p, "/portfolio", javaScriptEnabled);
      expect(await p.locator("html").getAttribute("lang")).toBe("ak");
      await expect(actionsOutsideCards(p), "/portfolio in Twi").resolves.toEqual([]);
      await expectTapTargets(p, "/portfolio in Twi");
      // The reinvest dialog in Twi, where the before-tax summary and the terms wrap: units, the summary, the terms box.
      await open(p, reinvest, javaScriptEnabled);
      await expect(p.locator("[role=dialog] details[data-before-tax]").count(), "the reinvest dialog's before-tax summary").resolves.toBe(1);
      await expectTapTargets(p, "the reinvest dialog in Twi", "[role=dialog]");
      await signedIn.close();

      const adminContext = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
      const a = await adminContext.newPage();
      collectPageErrors(a, errors);
      await signInBrowser(adminContext, server, TEST_ADMIN.email);
      await open(a, "/admin", javaScriptEnabled);
      await expectTapTargets(a, "/admin");
      await adminContext.close();
    }, 180_000);

    it("7. charts are readable on a phone: axis text of 11 px or more, units, no repeated ticks", async () => {
      await open(page, "/", javaScriptEnabled);
      await expectReadableCharts(page, "Home", 1);
      await open(page, `/batches/${batchWithLogs()}`, javaScriptEnabled);
      await expectReadableCharts(page, "batch page", 3);
      await page.locator("svg[role=img]").last().scrollIntoViewIfNeeded();
      await shot(page, `batch-charts-${tag}`);
      // The portfolio's chart is drawn wider (480): its text scales with it. (Its GHS unit is the portfolio page's to add.)
      const u = await investor(100);
      expect((await call(u.api, "POST", "/api/v1/invest/create", { batch_id: sortIds.chicken.cheapOpen, units: 2 })).status).toBe(201);
      const signedIn = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
      const p = await signedIn.newPage();
      await signInBrowser(signedIn, server, u);
      await open(p, "/portfolio", javaScriptEnabled);
      await p.getByRole("img", { name: "Amounts of your last 12 investments, in GHS" }).waitFor();
      await expectReadableCharts(p, "portfolio", 1, { units: false });
      await signedIn.close();
    }, 60_000);

    it("8. selects show their whole chosen text; date inputs say their format", async () => {
      for (const pathname of ["/", "/how-it-works", "/invest/eggs", "/invest/chicken", "/invest/eggs?sort=available", "/invest/chicken?sort=available"]) {
        await open(page, pathname, javaScriptEnabled);
        await openFilters(page);
        await expect(cutOffSelects(page), pathname).resolves.toEqual([]);
      }
      // Every choice of the filters fits, not only the default.
      await open(page, "/invest/eggs", javaScriptEnabled);
      await openFilters(page);
      for (const sort of ["Highest monthly ROI", "Most available units", "Lowest unit price"]) {
        await page.locator("main select[name=sort]").selectOption({ label: sort });
        await expect(cutOffSelects(page), `/invest/eggs sorted by ${sort}`).resolves.toEqual([]);
      }
      const u = await investor(50);
      const signedIn = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
      const p = await signedIn.newPage();
      collectPageErrors(p, errors);
      await signInBrowser(signedIn, server, u);
      await open(p, "/portfolio?sort=amount_desc", javaScriptEnabled);
      await expect(cutOffSelects(p), "/portfolio").resolves.toEqual([]);
      await expect(p.locator("input[type=date]").count()).resolves.toBe(2);
      await expect(dateInputsWithoutFormat(p), "/portfolio").resolves.toEqual([]);
      await open(p, "/kyc", javaScriptEnabled);
      for (const idType of ["Ghana Card", "ECOWAS passport"]) {
        await p.locator("main select[name=id_type]").selectOption({ label: idType });
        await expect(cutOffSelects(p), `/kyc with ${idType}`).resolves.toEqual([]);
      }
      await expect(p.locator("input[type=date]").count()).resolves.toBe(1);
      await expect(dateInputsWithoutFormat(p), "/kyc").resolves.toEqual([]);
      await signedIn.close();

      const adminContext = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
      const a = await adminContext.newPage();
      collectPageErrors(a, errors);
      await signInBrowser(adminContext, server, TEST_ADMIN.email);
      await open(a, "/admin", javaScriptEnabled);
      await expect(cutOffSelects(a), "/admin").resolves.toEqual([]);
      await expect(dateInputsWithoutFormat(a), "/admin").resolves.toEqual([]);
      await open(a, `/admin/batches/${batchWithLogs()}/logs`, javaScriptEnabled);
      await expect(dateInputsWithoutFormat(a), "/admin daily log").resolves.toEqual([]);
      // A name written as one long word (the form keeps 120 characters) wraps in the audit log's cells.
      const longName = `${tag.toUpperCase()}${"Longfarmname".repeat(9)}`;
      expect((await call(admin, "POST", "/api/v1/admin/farms", { name: longName, location: "Ho, Volta" })).status).toBe(201);
      await open(a, "/admin/audit", javaScriptEnabled);
      await expectVisible(a.getByText(longName, { exact: false }).first());
      await expect(noSideScroll(a), "/admin/audit").resolves.toBe(true);
      await adminContext.close();
    }, 90_000);

    it("14. Log in and Get started show in the header at 360 px; an admin lands on /admin", async () => {
      const visitor = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
      const v = await visitor.newPage();
      collectPageErrors(v, errors);
      for (const pathname of ["/", "/invest/eggs", "/faq"]) {
        await open(v, pathname, javaScriptEnabled);
        const header = v.getByRole("banner");
        for (const name of ["Log in", "Get started"]) {
          const link = header.getByRole("link", { name, exact: true });
          await expectVisible(link);
          const box = (await link.boundingBox())!;
          expect(box.x, `${pathname}: ${name}`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${pathname}: ${name}`).toBeLessThanOrEqual(360);
          expect(box.y + box.height).toBeLessThanOrEqual(80);
        }
        await expect(noSideScroll(v), pathname).resolves.toBe(true);
      }
      await shot(v, `header-${tag}`);
      // The header's Log in (no redirectTo): an admin lands on the admin dashboard.
      await v.getByRole("banner").getByRole("link", { name: "Log in", exact: true }).click();
      await v.waitForURL(/\/login$/);
      await hydrated(v, javaScriptEnabled);
      await v.locator("main").getByLabel("Email").fill(TEST_ADMIN.email);
      await v.locator("main").getByLabel("Password").fill(TEST_ADMIN.password);
      await v.locator("main").getByRole("button", { name: "Log in" }).click();
      await v.waitForURL((url) => url.pathname === "/admin");
      await visitor.close();

      // An investor from the same link lands on the portfolio; a redirectTo still wins for an admin.
      const u = await investor(0);
      const second = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
      const s = await second.newPage();
      await logIn(s, u.email, u.password, javaScriptEnabled);
      expect(new URL(s.url()).pathname).toBe("/portfolio");
      await second.close();
      const third = await context.browser()!.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, locale: "en-GH" });
      const t = await third.newPage();
      await logIn(t, TEST_ADMIN.email, TEST_ADMIN.password, javaScriptEnabled, "/login?redirectTo=%2Ffaq");
      expect(new URL(t.url()).pathname).toBe("/faq");
      await third.close();
    }, 60_000);

    // Last: it signs the file's page in and switches its language, which no test after it would expect.
    it("nothing is wider than its box, in English and in Twi: the chicken summary's cards, a holding's payouts", async () => {
      const ama = (server.db().prepare("select id from users where email = ?").get(TEST_INVESTOR.email) as { id: number }).id;
      const holding = server
        .db()
        .prepare("select i.id id, count(*) n from investments i join payouts p on p.investment_id = i.id where i.user_id = ? group by i.id order by n desc, i.id limit 1")
        .get(ama) as { id: number; n: number };
      expect(holding.n).toBeGreaterThan(0);
      await signInBrowser(context, server, TEST_INVESTOR.email);
      for (const lang of ["en", "ak"] as const) {
        await context.addCookies([{ name: "lang", value: lang, url: server.url }]);
        await open(page, "/invest/chicken", javaScriptEnabled);
        expect(await page.locator("html").getAttribute("lang")).toBe(lang === "ak" ? "ak" : "en-GH");
        const summary = `main [aria-label="${translatorFor(lang)("invest.summary")}"]`;
        await expect(page.locator(summary).locator(".card").count()).resolves.toBe(3);
        await expect.soft(widerThanTheirBoxes(page, summary), `/invest/chicken's summary in ${lang}`).resolves.toEqual([]);
        await shot(page, `chicken-summary-${lang}-${tag}`);

        await open(page, `/portfolio?dialog=details&id=${holding.id}`, javaScriptEnabled);
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        await expect(dialog.locator("tbody tr").count()).resolves.toBe(holding.n);
        await expect.soft(widerThanTheirBoxes(page, "[role=dialog]"), `a holding's payouts in ${lang}`).resolves.toEqual([]);
        await shot(page, `details-payouts-${lang}-${tag}`);
      }
      await context.clearCookies({ name: "lang" });
    }, 60_000);
  });
}
