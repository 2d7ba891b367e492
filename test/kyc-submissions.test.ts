/**
 * Issue 17's identity submissions through the real server: the demo verifier (what `npm start`
 * uses) and a manual review by an admin, page and API; the images' privacy and their deletion
 * after a rejection; and the ID number nowhere readable in the database file.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, Client, htmlText } from "./support/client";
import { createInvestor, serverNow, signInAdmin, type Investor, type SignedIn } from "./support/factories";
import { startServer, type TestServer } from "./support/server";
import { textNodes } from "./support/pseudo";
import { ak } from "~/catalog/ak";
import { en } from "~/catalog/en";

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]), Buffer.alloc(300, 7), Buffer.from([0xff, 0xd9])]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 3)]);
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");

type Upload = { bytes: Buffer; name: string; type: string };
const idPhoto: Upload = { bytes: JPEG, name: "card.jpg", type: "image/jpeg" };
const selfie: Upload = { bytes: PNG, name: "me.png", type: "image/png" };
const bill: Upload = { bytes: JPEG, name: "bill.jpg", type: "image/jpeg" };

let idCounter = 100_000_000;
/** A fresh, well-formed Ghana Card number per submission (so a search of the database file means something). */
const newCardNumber = () => `GHA-${++idCounter}-${idCounter % 10}`;

let phoneCounter = 1000;
/** A phone number of each applicant's own: the demo verifier confirms it, and a confirmed number names one account. */
const newPhone = () => `024 556 ${++phoneCounter}`;

function fields(over: Record<string, string> = {}) {
  return { legal_name: "Kofi Mensah", date_of_birth: "1990-04-25", phone: newPhone(), id_type: "GHANA_CARD", id_number: newCardNumber(), ...over };
}

function multipart(text: Record<string, string>, files: Partial<Record<"id_front" | "selfie" | "proof_of_address", Upload>> = { id_front: idPhoto, selfie }) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(text)) fd.append(k, v);
  for (const [k, f] of Object.entries(files)) fd.append(k, new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return fd;
}

async function submitApi(server: TestServer, who: SignedIn, text: Record<string, string>, files?: Parameters<typeof multipart>[1]) {
  const res = await who.api.request("/api/v1/kyc", { method: "POST", body: multipart(text, files) });
  return { status: res.status, body: await res.json() };
}

const kycDir = (server: TestServer) => path.join(path.dirname(server.dbFile), "uploads", "kyc");
const storedFiles = (server: TestServer) => (fs.existsSync(kycDir(server)) ? fs.readdirSync(kycDir(server)).sort() : []);
const submissionsOf = (server: TestServer, userId: number) =>
  server.db().prepare("select id, status, tier_requested, id_front_file, selfie_file, proof_of_address_file, decision_reason from kyc_submissions where user_id = ? order by id").all(userId) as Array<{
    id: number;
    status: string;
    tier_requested: string;
    id_front_file: string | null;
    selfie_file: string | null;
    proof_of_address_file: string | null;
    decision_reason: string | null;
  }>;
const tierOf = (server: TestServer, userId: number) => (server.db().prepare("select kyc_tier from users where id = ?").get(userId) as { kyc_tier: string }).kyc_tier;

describe("the demo verifier (KYC_PROVIDER=demo, what npm start uses)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ KYC_PROVIDER: "demo" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("through JSON, a number is no ID number or phone (a leading zero would be lost): 422, nothing stored", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED" });
    for (const [field, value] of [
      ["id_number", 123456789],
      ["phone", 245550101],
      ["legal_name", true],
    ] as const) {
      const res = await call(u.api, "POST", "/api/v1/kyc", { ...fields(), [field]: value });
      expect(res).toEqual({ status: 422, body: { detail: `Missing or invalid field: ${field}.` } });
    }
    expect(submissionsOf(server, u.id)).toEqual([]);
  });

  it("refuses a phone number another account confirmed (the demo would confirm it): 409, nothing stored", async () => {
    const owner = await createInvestor(server, { tier: "REGISTERED" });
    server.db().prepare("update users set phone = '+233245550199', phone_verified_at = ? where id = ?").run(serverNow(server).toISOString(), owner.id);
    const u = await createInvestor(server, { tier: "REGISTERED" });
    const res = await submitApi(server, u, fields({ phone: "024 555 0199" }));
    expect(res).toEqual({ status: 409, body: { detail: "This phone number is already on an Akoko account. Confirm it on that account's page, or contact us." } });
    expect(submissionsOf(server, u.id)).toEqual([]);
    expect(tierOf(server, u.id)).toBe("REGISTERED");
  });

  it("approves a well-formed submission at once: Verified, the phone confirmed, only the last 4 of the ID shown", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED" });
    const id_number = newCardNumber();
    const res = await submitApi(server, u, fields({ id_number, phone: "+233 24 555 0101" }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      detail: "Your identity is verified: your account is now Verified.",
      status: "APPROVED",
      tier_requested: "VERIFIED",
      id_type: "GHANA_CARD",
      id_number_last4: id_number.slice(-4),
    });
    expect(JSON.stringify(res.body)).not.toContain(id_number);
    expect(tierOf(server, u.id)).toBe("VERIFIED");
    expect(server.db().prepare("select phone, phone_verified_at is not null confirmed from users where id = ?").get(u.id)).toEqual({ phone: "+233245550101", confirmed: 1 });
    const kyc = await call(u.api, "GET", "/api/v1/kyc");
    expect(kyc.body).toMatchObject({ status: "APPROVED", tier: "VERIFIED", limits: { withdrawals: true }, submission: { id: res.body.id, status: "APPROVED" } });
    // The investor was told.
    expect(server.db().prepare("select kind from notifications where user_id = ?").all(u.id)).toEqual([{ kind: "KYC_APPROVED" }]);

    // Verified again: refused, with the way up.
    const again = await submitApi(server, u, fields());
    expect(again).toEqual({ status: 409, body: { detail: "Your identity is verified. To raise your limits to the Enhanced tier, add a proof of address." } });
    // With a proof of address: Enhanced.
    const enhanced = await submitApi(server, u, fields(), { id_front: idPhoto, selfie, proof_of_address: bill });
    expect(enhanced.status).toBe(201);
    expect(enhanced.body).toMatchObject({ status: "APPROVED", tier_requested: "ENHANCED", images: { proof_of_address: `/kyc/files/${enhanced.body.id}/proof_of_address` } });
    expect(tierOf(server, u.id)).toBe("ENHANCED");
    expect((await submitApi(server, u, fields(), { id_front: idPhoto, selfie, proof_of_address: bill })).body).toEqual({
      detail: "Your identity and address are verified: you already have the highest tier.",
    });
  });

  it("refuses an under-18 date of birth, a missing selfie, a GIF and an oversized image, and keeps nothing", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED" });
    const filesBefore = storedFiles(server);
    // One day short of 18 on the server's clock.
    const birth = serverNow(server);
    birth.setUTCFullYear(birth.getUTCFullYear() - 18);
    birth.setUTCDate(birth.getUTCDate() + 1);
    const seventeen = birth.toISOString().slice(0, 10);
    const young = await submitApi(server, u, fields({ date_of_birth: seventeen }));
    expect(young).toEqual({ status: 422, body: { detail: "You must be 18 or older to invest with Akoko." } });
    expect((await submitApi(server, u, fields(), { id_front: idPhoto })).body).toEqual({ detail: "Add a selfie: a clear photo of your face." });
    expect((await submitApi(server, u, fields(), { id_front: { ...idPhoto, name: "card.jpg", bytes: GIF }, selfie })).body).toEqual({ detail: "The photo of your ID must be a JPEG or PNG image." });
    const huge = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    expect((await submitApi(server, u, fields(), { id_front: idPhoto, selfie: { bytes: huge, name: "big.jpg", type: "image/jpeg" } })).body).toEqual({
      detail: "Your selfie is too large: at most 5 MB.",
    });
    expect((await submitApi(server, u, fields({ id_type: "PASSPORT", id_number: "GHA-123456789-0" }))).body).toEqual({
      detail: "Enter your passport number as printed on its photo page: 6 to 12 letters and digits.",
    });
    expect(submissionsOf(server, u.id)).toEqual([]);
    expect(storedFiles(server)).toEqual(filesBefore);
    expect(tierOf(server, u.id)).toBe("REGISTERED");
  });

  it("the page: logged-out visitors read what is needed and log in to send it; the form works as a plain multipart post and says it is a demo", async () => {
    // Public since issue 29: the requirements and a login that comes back (test/phone-admin.test.ts has the rest).
    const anon = new Client(server.url);
    const res = await anon.request("/kyc");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('href="/login?redirectTo=%2Fkyc"');

    const u = await createInvestor(server, { tier: "REGISTERED" });
    const page = await u.page.follow("/kyc");
    expect(page.res.status).toBe(200);
    expect(page.html.toLowerCase()).toContain(`enctype="multipart/form-data"`);
    expect(htmlText(page.html)).toContain("Demo: identity checks here are simulated.");
    expect(htmlText(page.html)).toContain("Your account is <strong>Registered</strong>");

    const bad = await u.page.request("/kyc", {
      method: "POST",
      body: multipart(fields({ date_of_birth: "2020-01-01", legal_name: "Ama Owusu" }), { id_front: idPhoto }),
      headers: { Origin: server.url },
    });
    expect(bad.status).toBe(422);
    const badHtml = htmlText(await bad.text());
    expect(badHtml).toContain("You must be 18 or older to invest with Akoko.");
    expect(badHtml).toContain("Add a selfie: a clear photo of your face.");
    expect(badHtml).toContain('value="Ama Owusu"');

    const id_number = newCardNumber();
    const ok = await u.page.request("/kyc", { method: "POST", body: multipart(fields({ id_number })), headers: { Origin: server.url } });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/kyc");
    const after = await u.page.follow("/kyc");
    const text = htmlText(after.html);
    expect(text).toContain("Your identity is verified: your account is now Verified.");
    expect(text).toContain("Your account is <strong>Verified</strong>");
    expect(text).toContain(`ending ${id_number.slice(-4)}`);
    expect(after.html).not.toContain(id_number);
  });

  it("images answer their owner and admins; anyone else gets 404, as for a missing one", async () => {
    const owner = await createInvestor(server, { tier: "REGISTERED" });
    const other = await createInvestor(server, { tier: "REGISTERED" });
    const admin = await signInAdmin(server);
    const { body } = await submitApi(server, owner, fields());
    const selfieUrl = body.images.selfie as string;
    const mine = await owner.page.request(selfieUrl);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("Content-Type")).toBe("image/png");
    expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await mine.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await admin.page.request(body.images.id_front)).status).toBe(200);
    expect((await other.page.request(selfieUrl)).status).toBe(404);
    expect((await other.api.request(selfieUrl)).status).toBe(404);
    expect((await owner.page.request(`/kyc/files/${body.id}/password`)).status).toBe(404);
    expect((await owner.page.request(`/kyc/files/999999/selfie`)).status).toBe(404);
    expect((await new Client(server.url).request(selfieUrl)).status).toBe(302);
    // The files live outside public/ and the build: no static path serves them.
    for (const name of storedFiles(server)) expect((await new Client(server.url).request(`/${name}`)).status).toBe(404);
  });

  it("the ID number is nowhere in the database file or its WAL", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED" });
    const id_number = newCardNumber();
    expect((await submitApi(server, u, fields({ id_number }))).status).toBe(201);
    const digits = id_number.slice(4, 13);
    for (const suffix of ["", "-wal", "-shm"]) {
      const file = `${server.dbFile}${suffix}`;
      if (!fs.existsSync(file)) continue;
      const bytes = fs.readFileSync(file);
      expect(bytes.includes(Buffer.from(id_number)), file).toBe(false);
      expect(bytes.includes(Buffer.from(digits)), file).toBe(false);
    }
  });
});

describe("a manual review (KYC_PROVIDER=manual)", () => {
  let server: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    server = await startServer({ KYC_PROVIDER: "manual" });
    admin = await signInAdmin(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  let phones = 5550200;
  /** A Registered investor whose phone was confirmed by its SMS code (issue 16). */
  async function withConfirmedPhone(): Promise<Investor & { phone: string }> {
    const u = await createInvestor(server, { tier: "REGISTERED" });
    const phone = `+23324${++phones}`;
    server.db().prepare("update users set phone = ?, phone_verified_at = ? where id = ?").run(phone, new Date().toISOString(), u.id);
    return { ...u, phone };
  }

  it("needs the phone the investor confirmed with our SMS code", async () => {
    const u = await createInvestor(server, { tier: "REGISTERED" });
    expect((await submitApi(server, u, fields())).body).toEqual({ detail: "Confirm this phone number on your account page first: we text it a code. Then send your documents." });
    expect(submissionsOf(server, u.id)).toEqual([]);
  });

  it("waits for an admin, who rejects with a reason the investor reads, then approves a new submission; both audited and told", async () => {
    const u = await withConfirmedPhone();
    const first = await submitApi(server, u, fields({ phone: `0${u.phone.slice(4)}` }));
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: "PENDING", detail: "Thank you: your documents are in. We review them within 24 hours and tell you the result by email and SMS." });
    expect(tierOf(server, u.id)).toBe("REGISTERED");
    expect((await submitApi(server, u, fields({ phone: u.phone }))).body).toEqual({
      detail: "Your documents are being reviewed. We will tell you the result by email and SMS; you can send new ones after that.",
    });

    // The queue, for admins only.
    expect((await call(u.api, "GET", "/api/v1/admin/kyc")).status).toBe(403);
    expect((await call(u.api, "POST", `/api/v1/admin/kyc/${first.body.id}/approve`)).status).toBe(403);
    const queue = await call(admin.api, "GET", "/api/v1/admin/kyc?status=PENDING");
    const listed = queue.body.submissions.find((s: { id: number }) => s.id === first.body.id);
    expect(listed).toMatchObject({
      user_id: u.id,
      email: u.email,
      status: "PENDING",
      legal_name: "Kofi Mensah",
      phone: u.phone,
      phone_confirmed: true,
      tier: "REGISTERED",
      images: { id_front: expect.any(String), selfie: expect.any(String) },
    });
    expect(listed.age).toBeGreaterThanOrEqual(36);
    expect((await call(admin.api, "GET", "/api/v1/admin/kyc?status=MAYBE")).status).toBe(422);

    expect(await call(admin.api, "POST", `/api/v1/admin/kyc/${first.body.id}/reject`, { reason: "" })).toMatchObject({ status: 422 });
    const reason = "The photo of the card is blurred: please send a sharper one.";
    const rejected = await call(admin.api, "POST", `/api/v1/admin/kyc/${first.body.id}/reject`, { reason });
    expect(rejected).toMatchObject({ status: 200, body: { status: "REJECTED", decision_reason: reason } });
    expect((await call(admin.api, "POST", `/api/v1/admin/kyc/${first.body.id}/approve`)).body).toEqual({ detail: "This submission was already rejected." });
    expect((await call(admin.api, "POST", `/api/v1/admin/kyc/999999/approve`)).status).toBe(404);
    expect((await call(u.api, "GET", "/api/v1/kyc")).body).toMatchObject({ status: "REJECTED", tier: "REGISTERED", submission: { decision_reason: reason } });
    expect(htmlText((await u.page.follow("/kyc")).html)).toContain(`Reason: ${reason}`);

    const second = await submitApi(server, u, fields({ phone: u.phone }));
    expect(second.body.status).toBe("PENDING");
    // The page's form, without JavaScript.
    const approved = await admin.page.postForm("/admin/kyc", { intent: "approve", id: String(second.body.id) });
    expect(approved.status).toBe(302);
    expect(tierOf(server, u.id)).toBe("VERIFIED");
    expect((await call(u.api, "GET", "/api/v1/kyc")).body).toMatchObject({ status: "APPROVED", tier: "VERIFIED" });

    expect(server.db().prepare("select kind from notifications where user_id = ? order by id").all(u.id)).toEqual([{ kind: "KYC_REJECTED" }, { kind: "KYC_APPROVED" }]);
    const audit = server.db().prepare("select action, detail from audit_log where action like 'kyc.%' and detail like ?").all(`%(user ${u.id},%`) as Array<{ action: string; detail: string }>;
    expect(audit.map((a) => a.action)).toEqual(["kyc.reject", "kyc.approve"]);
    expect(audit[0].detail).toContain(reason);
  });

  it("a rejection gives a reason from the list, which a Twi investor reads in Twi (notice, email, SMS, API); a note goes with Other only; the form says which language the investor reads", async () => {
    const u = await withConfirmedPhone();
    server.db().prepare("update users set locale = 'ak', email_verified_at = ? where id = ?").run(new Date().toISOString(), u.id);
    const sent = await submitApi(server, u, fields({ phone: u.phone }));
    expect(sent.status).toBe(201);
    const id = sent.body.id as number;

    // The form: the list of reasons, and the language this investor reads (in the admin's own language).
    const card = new RegExp(`data-kyc-id="${id}"[\\s\\S]*?</li>`).exec((await admin.page.follow("/admin/kyc")).html)?.[0] ?? "";
    expect(card).toContain("<select id");
    expect(card).toMatch(/name="reason_code"/);
    expect(card).toContain('<option value="NAME_MISMATCH">The name does not match</option>');
    expect(htmlText(card)).toContain("This investor reads Twi: a reason from the list is sent in Twi; write a note in Twi too.");
    const twiCard = new RegExp(`data-kyc-id="${id}"[\\s\\S]*?</li>`).exec(await (await admin.page.get("/admin/kyc", { headers: { "Accept-Language": "ak" } })).text())?.[0] ?? "";
    expect(htmlText(twiCard)).toContain(`<option value="PHOTO_UNCLEAR">${ak["adminKyc.reasonCode.PHOTO_UNCLEAR"]}</option>`);
    expect(((await call(admin.api, "GET", "/api/v1/admin/kyc?status=PENDING")).body.submissions as Array<{ id: number; locale: string }>).find((s) => s.id === id)?.locale).toBe("ak");

    // A note with a listed reason, and a code not in the list: refused beside their fields; nothing changes.
    const reject = (body: Record<string, string>) => call(admin.api, "POST", `/api/v1/admin/kyc/${id}/reject`, body);
    expect(await reject({ reason_code: "PHOTO_UNCLEAR", reason: "The selfie is dark." })).toEqual({ status: 422, body: { detail: en["forms.kyc.noteOnlyWithOther"] } });
    expect(await reject({ reason_code: "MAYBE" })).toEqual({ status: 422, body: { detail: en["forms.kyc.reasonCode"] } });
    const page = await admin.page.postForm("/admin/kyc", { intent: "reject", id: String(id), reason_code: "NAME_MISMATCH", reason: "Kofi is not Kwame." });
    expect(page.status).toBe(422);
    expect(htmlText(await page.text())).toContain(en["forms.kyc.noteOnlyWithOther"]);
    expect(submissionsOf(server, u.id)[0].status).toBe("PENDING");

    // The page's form, without JavaScript: a reason from the list.
    const done = await admin.page.postForm("/admin/kyc", { intent: "reject", id: String(id), reason_code: "PHOTO_UNCLEAR", idempotency_key: `kyc-code-${id}` });
    expect(done.status).toBe(302);
    expect(submissionsOf(server, u.id)[0]).toMatchObject({ status: "REJECTED", decision_reason: en["kycDecision.reason.PHOTO_UNCLEAR"] });
    const twiReason = ak["kycDecision.reason.PHOTO_UNCLEAR"] as string;
    const notice = server.db().prepare("select message_id, message_params from notifications where user_id = ? and kind = 'KYC_REJECTED'").get(u.id) as { message_id: string; message_params: string };
    expect(notice.message_id).toBe("notices.kycRejected");
    expect(JSON.parse(notice.message_params)).toEqual({ reason: { msg: "kycDecision.reason.PHOTO_UNCLEAR" } });
    const outbox = server.db().prepare("select channel, body_text from outbox where user_id = ? and kind = 'KYC_REJECTED' order by channel").all(u.id) as Array<{ channel: string; body_text: string }>;
    expect(outbox.map((o) => o.channel)).toEqual(["EMAIL", "SMS"]);
    expect(outbox[0].body_text).toContain(`Yɛantumi anhwɛ wo ho: ${twiReason} Wobɛtumi`);
    // SMS: GSM-7, so ɛ and ɔ are e and o.
    expect(outbox[1].body_text).toContain(`Yeantumi anhwe wo ho: ${twiReason.replace(/ɛ/g, "e").replace(/ɔ/g, "o")} Wobetumi`);
    for (const o of outbox) expect(o.body_text).not.toContain(en["kycDecision.reason.PHOTO_UNCLEAR"]);
    expect((await call(u.api, "GET", "/api/v1/kyc", undefined, { "Accept-Language": "ak" })).body.submission).toMatchObject({ decision_reason: twiReason, decision_reason_code: "PHOTO_UNCLEAR" });
    expect((await call(u.api, "GET", "/api/v1/kyc")).body.submission).toMatchObject({ decision_reason: en["kycDecision.reason.PHOTO_UNCLEAR"], decision_reason_code: "PHOTO_UNCLEAR" });

    // Other, with a note the admin wrote in Twi: sent as written, as a sentence; Other alone has words of its own.
    const second = await submitApi(server, u, fields({ phone: u.phone }));
    expect(second.status).toBe(201);
    const other = await call(admin.api, "POST", `/api/v1/admin/kyc/${second.body.id}/reject`, { reason_code: "other", reason: "Wo selfie no yɛ sum" });
    expect(other).toMatchObject({ status: 200, body: { status: "REJECTED", decision_reason: "Wo selfie no yɛ sum.", decision_reason_code: "OTHER" } });
    const third = await submitApi(server, u, fields({ phone: u.phone }));
    const bare = await call(admin.api, "POST", `/api/v1/admin/kyc/${third.body.id}/reject`, { reason_code: "OTHER" }, { "Accept-Language": "ak" });
    expect(bare).toMatchObject({ status: 200, body: { decision_reason: ak["kycDecision.reason.OTHER"], decision_reason_code: "OTHER" } });
  });

  it("a decision sent again with the same Idempotency-Key answers as the first did and decides once; the page's forms carry a key", async () => {
    const u = await withConfirmedPhone();
    const first = await submitApi(server, u, fields({ phone: u.phone }));
    const reason = "The photo of the card is blurred: please send a sharper one.";
    const rejectKey = { "Idempotency-Key": `kyc-reject-${first.body.id}` };
    const rejected = await call(admin.api, "POST", `/api/v1/admin/kyc/${first.body.id}/reject`, { reason }, rejectKey);
    expect(rejected).toMatchObject({ status: 200, body: { status: "REJECTED", decision_reason: reason } });
    expect(await call(admin.api, "POST", `/api/v1/admin/kyc/${first.body.id}/reject`, { reason }, rejectKey)).toEqual(rejected);

    const second = await submitApi(server, u, fields({ phone: u.phone }));
    const approveKey = { "Idempotency-Key": `kyc-approve-${second.body.id}` };
    const approved = await call(admin.api, "POST", `/api/v1/admin/kyc/${second.body.id}/approve`, undefined, approveKey);
    expect(approved).toMatchObject({ status: 200, body: { status: "APPROVED" } });
    expect(await call(admin.api, "POST", `/api/v1/admin/kyc/${second.body.id}/approve`, undefined, approveKey)).toEqual(approved);
    // The key with another request: refused.
    expect(await call(admin.api, "POST", `/api/v1/admin/kyc/${first.body.id}/approve`, undefined, approveKey)).toEqual({
      status: 422,
      body: { detail: "This idempotency key was already used for a different request." },
    });
    expect(server.db().prepare("select kind from notifications where user_id = ? order by id").all(u.id)).toEqual([{ kind: "KYC_REJECTED" }, { kind: "KYC_APPROVED" }]);

    // The page: each form carries a key; the same form sent twice (JavaScript off) decides once.
    const v = await withConfirmedPhone();
    const third = await submitApi(server, v, fields({ phone: v.phone }));
    const html = await (await admin.page.get("/admin/kyc")).text();
    const keys = [...html.matchAll(/name="idempotency_key" value="([^"]+)"/g)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys).size).toBe(keys.length);
    const form = { intent: "approve", id: String(third.body.id), idempotency_key: `page-kyc-${third.body.id}` };
    expect((await admin.page.postForm("/admin/kyc", form)).status).toBe(302);
    expect((await admin.page.postForm("/admin/kyc", form)).status).toBe(302);
    expect(tierOf(server, v.id)).toBe("VERIFIED");
    expect(server.db().prepare("select kind from notifications where user_id = ?").all(v.id)).toEqual([{ kind: "KYC_APPROVED" }]);
  });

  it("/admin/kyc shows the waiting submissions with their images, and a reject form that needs a reason", async () => {
    const u = await withConfirmedPhone();
    const sent = await submitApi(server, u, fields({ phone: u.phone, legal_name: "Abena Owusu" }));
    const page = await admin.page.follow("/admin/kyc");
    expect(page.res.status).toBe(200);
    const card = new RegExp(`data-kyc-id="${sent.body.id}"[\\s\\S]*?</li>`).exec(page.html)?.[0] ?? "";
    expect(card).toContain("Abena Owusu");
    expect(card).toContain(`src="/kyc/files/${sent.body.id}/id_front"`);
    expect(card).toContain(`src="/kyc/files/${sent.body.id}/selfie"`);
    expect(card).toContain("(confirmed by SMS code)");
    expect(card).not.toContain(u.phone);
    const empty = await admin.page.postForm("/admin/kyc", { intent: "reject", id: String(sent.body.id), reason: " " });
    expect(empty.status).toBe(422);
    expect(htmlText(await empty.text())).toContain("write the reason the investor will read");
    expect(submissionsOf(server, u.id)[0].status).toBe("PENDING");
    expect((await u.page.follow("/admin/kyc")).res.status).toBe(403);
  });

  it("without JavaScript, a refusal on /admin/kyc shows though the submission is no longer waiting, in the reader's language", async () => {
    const u = await withConfirmedPhone();
    const sent = await submitApi(server, u, fields({ phone: u.phone }));
    expect((await admin.page.follow("/admin/kyc")).html).toContain(`data-kyc-id="${sent.body.id}"`);
    // Another admin approves it while this page is open; then this one's Approve, Reject, or Reject without a reason.
    expect((await call(admin.api, "POST", `/api/v1/admin/kyc/${sent.body.id}/approve`)).status).toBe(200);
    // What the page shows, not the data its script carries for JavaScript.
    const shown = async (res: Response) => textNodes(await res.text()).join(" ");
    const id = String(sent.body.id);
    const approve = await admin.page.postForm("/admin/kyc", { intent: "approve", id });
    expect(approve.status).toBe(409);
    expect(await shown(approve)).toContain("This submission was already approved.");
    const reject = await admin.page.postForm("/admin/kyc", { intent: "reject", id, reason: "Blurred." });
    expect(reject.status).toBe(409);
    expect(await shown(reject)).toContain("This submission was already approved.");
    const blank = await admin.page.postForm("/admin/kyc", { intent: "reject", id, reason: " " });
    expect(blank.status).toBe(422);
    expect(await shown(blank)).toContain("write the reason the investor will read");
    const twi = await admin.page.postForm("/admin/kyc?lang=ak", { intent: "approve", id });
    expect(twi.status).toBe(409);
    expect(await shown(twi)).toContain("Yɛapene saa nkrataa yi so dada.");
    expect(submissionsOf(server, u.id).at(-1)!.status).toBe("APPROVED");
  });

  it("the page says where the whole ID number appears (the tax statements) and why; every API answer and admin screen shows only its last 4", async () => {
    const u = await withConfirmedPhone();
    const form = htmlText((await u.page.follow("/kyc")).html);
    expect(form).toContain(
      "We keep it encrypted. A Ghana Card number appears whole in one place: your tax statements and certificates (and our withholding-tax report to the Ghana Revenue Authority), because the tax authority requires the full Ghana Card PIN there. Everywhere else we show only its last 4 characters.",
    );
    expect(form).not.toContain("We keep it encrypted and show only its last 4 characters.");

    const id_number = newCardNumber();
    const digits = id_number.slice(4, 13);
    const sent = await submitApi(server, u, fields({ id_number, phone: u.phone }));
    expect(sent.status).toBe(201);
    const seen: Array<[string, string]> = [["POST /api/v1/kyc", JSON.stringify(sent.body)]];
    const api = async (who: SignedIn, path: string, method = "GET") => {
      const res = await call(who.api, method, path);
      expect(res.status, path).toBeLessThan(300);
      seen.push([`${method} ${path}`, JSON.stringify(res.body)]);
    };
    const page = async (who: SignedIn, path: string) => {
      const res = await who.page.get(path);
      expect(res.status, path).toBe(200);
      seen.push([path, await res.text()]);
    };
    await api(admin, "/api/v1/admin/kyc?status=PENDING");
    await page(admin, "/admin/kyc?status=PENDING");
    await api(admin, `/api/v1/admin/kyc/${sent.body.id}/approve`, "POST");
    for (const path of ["/api/v1/admin/kyc?status=APPROVED", "/api/v1/admin/users", "/api/v1/admin/audit", `/api/v1/admin/outbox?user_id=${u.id}`, "/api/v1/admin/stats"]) await api(admin, path);
    for (const path of ["/admin/kyc?status=APPROVED", "/admin", "/admin/audit", "/admin/outbox", "/admin/approvals"]) await page(admin, path);
    for (const path of ["/api/v1/kyc", "/api/v1/auth/me", "/api/v1/invest/notifications", "/api/v1/invest/my"]) await api(u, path);
    for (const path of ["/kyc", "/account", "/portfolio"]) await page(u, path);
    expect(seen.filter(([, body]) => body.includes(digits)).map(([where]) => where)).toEqual([]);
    expect(htmlText(seen.find(([where]) => where === "/admin/kyc?status=APPROVED")![1])).toContain(`ending ${id_number.slice(-4)}`);
    expect(seen.find(([where]) => where === "GET /api/v1/kyc")![1]).toContain(`"id_number_last4":"${id_number.slice(-4)}"`);

    // The one place it is whole, as the page says: the tax statement (page and API).
    expect(await (await u.page.get("/portfolio/statements")).text()).toContain(id_number);
    expect((await call(u.api, "GET", "/api/v1/invest/statements")).body.payee.ghana_card_pin).toBe(id_number);
  });

  it("a rejected submission's images are deleted after 30 days; the decision stays", async () => {
    const u = await withConfirmedPhone();
    const sent = await submitApi(server, u, fields({ phone: u.phone }));
    await call(admin.api, "POST", `/api/v1/admin/kyc/${sent.body.id}/reject`, { reason: "The selfie does not show a face." });
    const [row] = submissionsOf(server, u.id);
    const names = [row.id_front_file, row.selfie_file];
    for (const name of names) expect(fs.existsSync(path.join(kycDir(server), name!))).toBe(true);

    // 31 days on: the same database under a later clock.
    const dbFile = server.dbFile;
    await server.stop();
    const later = await startServer({ KYC_PROVIDER: "manual" }, { dbFile, clockOffsetDays: 31 });
    try {
      const deadline = Date.now() + 10_000;
      const read = () => later.db().prepare("select status, id_front_file, selfie_file, decision_reason from kyc_submissions where id = ?").get(row.id);
      while ((read() as { id_front_file: string | null }).id_front_file !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(read()).toEqual({ status: "REJECTED", id_front_file: null, selfie_file: null, decision_reason: "The selfie does not show a face." });
      for (const name of names) expect(fs.existsSync(path.join(kycDir(later), name!))).toBe(false);
    } finally {
      await later.stop();
      server = await startServer({ KYC_PROVIDER: "manual" }, { dbFile });
      admin = await signInAdmin(server);
    }
  });
});
