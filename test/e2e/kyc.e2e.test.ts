import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectVisible, launchBrowser, phoneContext, screenshot, SCREENSHOT_DIR } from "../support/browser";
import { createInvestor, serverNow, signInBrowser } from "../support/factories";
import { collectPageErrors, hydrated } from "../support/journey";
import { startServer, TEST_ADMIN, type TestServer } from "../support/server";

/**
 * Issue 17: sending one's identity documents from /kyc in a 360 px phone browser, JavaScript off and
 * on. With the demo verifier a well-formed submission is approved at once; with the manual one
 * (production's default) it waits for an admin on /admin/kyc, who sees the images and approves or
 * rejects with a reason the investor reads. The images are served to the owner and admins only.
 */
let demo: TestServer;
let manual: TestServer;
let browser: Browser;
let dir: string;
const files = { png: "", text: "" };

/** A real, decodable PNG (a flat colour), so the admin's <img> has a natural width. */
function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).fill(Buffer.from([r, g, b]))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]);
}

beforeAll(async () => {
  // Test servers run in production mode, whose default is the manual verifier: the demo is asked for.
  [demo, manual, browser] = await Promise.all([startServer({ KYC_PROVIDER: "demo" }), startServer({ KYC_PROVIDER: "manual" }), launchBrowser()]);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "akoko-kyc-e2e-"));
  files.png = path.join(dir, "card.png");
  fs.writeFileSync(files.png, solidPng(120, 80, [46, 125, 50]));
  // A "selfie" that is text, whatever its name claims: the server judges the bytes.
  files.text = path.join(dir, "selfie.jpg.txt");
  fs.writeFileSync(files.text, "not a photo\n");
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await Promise.all([demo?.stop(), manual?.stop()]);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const shot = (page: Page, name: string) => screenshot(page, `${name}.png`, { fullPage: true });

/** Every file the server keeps for identity submissions (its uploads folder sits beside its database). */
function storedKycFiles(server: TestServer): string[] {
  const kyc = path.join(path.dirname(server.dbFile), "uploads", "kyc");
  return fs.existsSync(kyc) ? fs.readdirSync(kyc, { recursive: true }).map(String) : [];
}

function submissions(server: TestServer, userId: number) {
  return server.db().prepare("select id, status, decision_reason reason from kyc_submissions where user_id = ? order by id").all(userId) as Array<{
    id: number;
    status: string;
    reason: string | null;
  }>;
}

type Submission = { dateOfBirth?: string; phone?: string; idNumber: string; selfie?: string };

/** Fills the form (the legal name and ID type as the page offers them) and sends it. */
async function send(page: Page, { dateOfBirth, phone, idNumber, selfie = files.png }: Submission) {
  const form = page.locator("main form", { has: page.getByRole("button", { name: "Send for verification" }) });
  if (dateOfBirth !== undefined) await form.getByLabel("Date of birth").fill(dateOfBirth);
  if (phone !== undefined) await form.getByLabel("Phone").fill(phone);
  await form.getByLabel("ID type").selectOption({ label: "Ghana Card" });
  await form.getByLabel("ID number").fill(idNumber);
  await form.getByLabel("Photo of the front of your ID").setInputFiles(files.png);
  await form.getByLabel("Selfie").setInputFiles(selfie);
  await form.getByRole("button", { name: "Send for verification" }).click();
}

/** The admin's queue on /admin/kyc: the submission's card, once its images have loaded. */
async function reviewCard(page: Page, server: TestServer, id: number, javaScriptEnabled: boolean) {
  await page.goto(`${server.url}/admin/kyc`);
  await hydrated(page, javaScriptEnabled);
  const card = page.locator(`li[data-kyc-id="${id}"]`);
  await expectVisible(card);
  const images = card.locator("img");
  await expect(images.count()).resolves.toBe(2);
  for (const alt of [`ID (front) of submission ${id}`, `Selfie of submission ${id}`]) {
    const img = card.getByAltText(alt);
    await img.scrollIntoViewIfNeeded(); // they load lazily
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { message: alt }).toBe(120);
  }
  return card;
}

describe.each([
  { javaScriptEnabled: false, label: "without JavaScript", tag: "nojs" },
  { javaScriptEnabled: true, label: "with JavaScript", tag: "js" },
])("identity submission at 360 px $label", ({ javaScriptEnabled, tag }) => {
  it("demo verifier: logged out goes by the login, bad fields are refused whole, a good submission is Verified at once", async () => {
    const u = await createInvestor(demo, { fullName: "Adwoa Mensah", tier: "REGISTERED" });
    const context = await phoneContext(browser, { javaScriptEnabled });
    const page = await context.newPage();
    const errors: string[] = [];
    collectPageErrors(page, errors);

    // Logged out: the page says what is needed (public since issue 29); its login comes back to /kyc.
    await page.goto(`${demo.url}/kyc`);
    await hydrated(page, javaScriptEnabled);
    await expectVisible(page.getByTestId("kyc-requirements"));
    await page.getByRole("link", { name: "Log in to send your documents" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/kyc");
    await hydrated(page, javaScriptEnabled);
    await page.locator("main").getByLabel("Email").fill(u.email);
    await page.locator("main").getByLabel("Password").fill(u.password);
    await page.locator("main").getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname === "/kyc");
    await hydrated(page, javaScriptEnabled);
    await expectVisible(page.getByTestId("kyc-demo-note"));
    await expect(page.getByTestId("kyc-tier").innerText()).resolves.toContain("Your account is Registered.");
    await expect(page.getByLabel("Legal name").inputValue()).resolves.toBe("Adwoa Mensah");
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, `kyc-form-${tag}`);

    // Under 18, a short Ghana Card number and a text file as the selfie: every message, nothing kept,
    // the ID number never sent back.
    const badIdNumber = tag === "js" ? "GHA-12345-6" : "GHA-54321-7";
    const filesBefore = storedKycFiles(demo).length;
    const under18 = `${serverNow(demo).getUTCFullYear() - 17}-01-01`;
    await send(page, { dateOfBirth: under18, phone: "024 123 4567", idNumber: badIdNumber, selfie: files.text });
    await expectVisible(page.getByText("You must be 18 or older to invest with Akoko."));
    await expectVisible(page.getByText("Your selfie must be a JPEG or PNG image."));
    await expectVisible(page.getByText("Enter a Ghana Card number like GHA-123456789-0."));
    await expectVisible(page.getByText("Please correct the fields marked below."));
    for (const label of ["Date of birth", "Selfie", "ID number"]) await expect(page.getByLabel(label).getAttribute("aria-invalid"), label).resolves.toBe("true");
    await expect(page.getByLabel("Date of birth").inputValue()).resolves.toBe(under18);
    // The number must be typed again and the photos chosen again, with JavaScript too (a shared phone).
    await expect(page.getByLabel("ID number").inputValue()).resolves.toBe("");
    await expect(page.getByLabel("Selfie").inputValue()).resolves.toBe("");
    expect(await page.content()).not.toContain(badIdNumber);
    expect(submissions(demo, u.id)).toEqual([]);
    expect(storedKycFiles(demo)).toHaveLength(filesBefore);
    await expect(page.getByTestId("kyc-tier").innerText()).resolves.toContain("Your account is Registered.");
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, `kyc-invalid-${tag}`);

    // A good submission: approved at once, the tier shown, only the ID number's last 4 on the page.
    // (Not the hint's example number, which the page shows anyway.)
    const idNumber = tag === "js" ? "GHA-987654321-5" : "GHA-246813579-2";
    // A number of this investor's own: the demo confirms it, and a confirmed number names one account.
    await send(page, { dateOfBirth: "1990-04-25", phone: tag === "js" ? "024 123 4567" : "024 123 4568", idNumber });
    await expectVisible(page.getByText("Your identity is verified: your account is now Verified."));
    await expect.poll(() => page.getByTestId("kyc-tier").innerText()).toContain("Your account is Verified.");
    await expect(page.getByTestId("kyc-latest").getAttribute("data-status")).resolves.toBe("APPROVED");
    await expect(page.getByTestId("kyc-latest").innerText()).resolves.toContain(`Ghana Card ending ${idNumber.slice(-4)}, for Verified`);
    await expectVisible(
      page
        .getByTestId("kyc-tiers")
        .locator("li", { hasText: "(your tier)" })
        .filter({ hasText: /^Verified/ }),
    );
    // The form for the next tier starts empty: the number just sent is not left on the screen.
    await expect(page.getByLabel("ID number").inputValue()).resolves.toBe("");
    const html = await page.content();
    expect(html).not.toContain(idNumber);
    expect(html).not.toContain(idNumber.slice(4, 13));
    expect(submissions(demo, u.id).map((s) => s.status)).toEqual(["APPROVED"]);
    expect(storedKycFiles(demo).length).toBe(filesBefore + 2);
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, `kyc-verified-${tag}`);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it("manual verifier: a confirmed phone is needed, the admin rejects with a reason, the investor sends again and is approved; nobody else sees the images", async () => {
    const u = await createInvestor(manual, { fullName: "Kwame Boateng", tier: "REGISTERED" });
    const phone = tag === "js" ? "+233241110001" : "+233241110002";
    const at = serverNow(manual).toISOString();
    manual.db().prepare("update users set phone = ?, phone_verified_at = ? where id = ?").run(phone, at, u.id);
    const other = await createInvestor(manual, { fullName: "Esi Owusu" });
    const errors: string[] = [];

    const investorContext = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(investorContext, manual, u);
    const page = await investorContext.newPage();
    collectPageErrors(page, errors);
    const adminContext = await phoneContext(browser, { javaScriptEnabled });
    await signInBrowser(adminContext, manual, TEST_ADMIN.email);
    const admin = await adminContext.newPage();
    collectPageErrors(admin, errors);

    await page.goto(`${manual.url}/kyc`);
    await hydrated(page, javaScriptEnabled);
    await expect(page.getByTestId("kyc-demo-note").count()).resolves.toBe(0);
    // The phone the account confirmed is offered; another one is refused on its field.
    await expect(page.getByLabel("Phone").inputValue()).resolves.toBe(`0${phone.slice(4)}`);
    const idNumber = tag === "js" ? "GHA-555666777-1" : "GHA-111222333-4";
    await send(page, { dateOfBirth: "1988-11-02", phone: "020 999 8888", idNumber });
    await expectVisible(page.getByText("Confirm this phone number on your account page first: we text it a code. Then send your documents."));
    await expect(page.getByLabel("Phone").getAttribute("aria-invalid")).resolves.toBe("true");
    expect(submissions(manual, u.id)).toEqual([]);

    await send(page, { phone: `0${phone.slice(4)}`, idNumber });
    await expectVisible(page.getByText("Thank you: your documents are in. We review them within 24 hours and tell you the result by email and SMS."));
    await expect.poll(() => page.getByTestId("kyc-latest").getAttribute("data-status")).toBe("PENDING");
    await expectVisible(page.getByText("Your documents are being reviewed."));
    await expect(page.getByRole("button", { name: "Send for verification" }).count()).resolves.toBe(0);
    await expect(page.getByTestId("kyc-tier").innerText()).resolves.toContain("Your account is Registered.");
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, `kyc-pending-${tag}`);
    const [first] = submissions(manual, u.id);

    // The admin sees it with its images, and must give a reason to reject.
    let card = await reviewCard(admin, manual, first.id, javaScriptEnabled);
    await expect(card.innerText()).resolves.toContain(`#${first.id} · Kwame Boateng · for Verified`);
    await expect(card.innerText()).resolves.toContain("(confirmed by SMS code)");
    expect(await admin.content()).not.toContain(idNumber);
    expect(await noSideScroll(admin)).toBe(true);
    await shot(admin, `kyc-admin-review-${tag}`);
    await card.getByRole("button", { name: "Reject" }).click();
    await expectVisible(
      card.getByText("Choose a reason from the list, or choose “Other” and write the reason the investor will read, e.g. 'The photo of the card is blurred: please send a sharper one.'"),
    );
    expect(submissions(manual, u.id)[0].status).toBe("PENDING");
    await shot(admin, `kyc-admin-no-reason-${tag}`);
    const reason = "The photo of the card is blurred: please send a sharper one.";
    // A reason of the admin's own words: Other, with a note (the form says the investor reads English).
    await expectVisible(card.getByText("This investor reads English: a reason from the list is sent in English; write a note in English too."));
    await card.getByLabel("Reason for rejecting (the investor reads it)").selectOption("OTHER");
    await card.getByLabel("Note, with Other only (sent as you write it)").fill(reason);
    await card.getByRole("button", { name: "Reject" }).click();
    await expectVisible(admin.getByText(`Submission #${first.id} rejected: the investor can read your reason.`));
    await expect.poll(() => admin.locator(`li[data-kyc-id="${first.id}"]`).count()).toBe(0);
    expect(submissions(manual, u.id)).toEqual([{ id: first.id, status: "REJECTED", reason }]);

    // The investor reads the reason, and sends again.
    await page.goto(`${manual.url}/kyc`);
    await hydrated(page, javaScriptEnabled);
    await expect(page.getByTestId("kyc-latest").getAttribute("data-status")).resolves.toBe("REJECTED");
    await expectVisible(page.getByText("We could not verify your identity."));
    await expectVisible(page.getByText(`Reason: ${reason}`));
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, `kyc-rejected-${tag}`);
    // The legal name, date of birth and phone come back from the last submission and the account.
    await send(page, { idNumber });
    await expectVisible(page.getByText("Thank you: your documents are in. We review them within 24 hours and tell you the result by email and SMS."));
    const second = submissions(manual, u.id)[1];
    expect(second.status).toBe("PENDING");

    card = await reviewCard(admin, manual, second.id, javaScriptEnabled);
    await card.getByRole("button", { name: "Approve" }).click();
    await expectVisible(admin.getByText(`Submission #${second.id} approved: the investor has been told.`));
    expect(submissions(manual, u.id).map((s) => s.status)).toEqual(["REJECTED", "APPROVED"]);

    await page.goto(`${manual.url}/kyc`);
    await hydrated(page, javaScriptEnabled);
    await expect(page.getByTestId("kyc-tier").innerText()).resolves.toContain("Your account is Verified.");
    await expect(page.getByTestId("kyc-latest").getAttribute("data-status")).resolves.toBe("APPROVED");
    expect(await noSideScroll(page)).toBe(true);
    await shot(page, `kyc-approved-${tag}`);

    // The images: the owner gets them; another investor gets the same 404 as for nothing at all.
    for (const field of ["id_front", "selfie"]) {
      const own = await page.request.get(`${manual.url}/kyc/files/${second.id}/${field}`);
      expect(own.status()).toBe(200);
      expect(own.headers()["content-type"]).toBe("image/png");
      for (const id of [first.id, second.id]) expect((await other.page.get(`/kyc/files/${id}/${field}`)).status, `${field} of #${id}`).toBe(404);
    }
    expect(errors).toEqual([]);
    await investorContext.close();
    await adminContext.close();
  }, 120_000);
});
