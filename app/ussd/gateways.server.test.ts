import { describe, expect, it } from "vitest";
import { HttpError } from "~/lib/http.server";
import { africasTalking, hubtel, newAfricasTalkingInput } from "~/ussd/gateways.server";

const form = (fields: Record<string, string>) =>
  new Request("http://akoko.test/ussd/africastalking/x", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
const json = (body: unknown) => new Request("http://akoko.test/ussd/hubtel/x", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("Africa's Talking's request", () => {
  // The session's row keeps no text, only whether a text was the last one (an HMAC of it).
  const lastWas = (last: string) => (text: string) => text === last;

  it("reads the new input from the text of every input so far", () => {
    expect(newAfricasTalkingInput(null, "")).toBe("");
    expect(newAfricasTalkingInput(null, "1*2")).toBe("1*2");
    expect(newAfricasTalkingInput(lastWas(""), "1")).toBe("1");
    expect(newAfricasTalkingInput(lastWas("1"), "1*2")).toBe("2");
    expect(newAfricasTalkingInput(lastWas("1*2"), "1*2*50.25")).toBe("50.25");
    // An input with a star in it, and an empty one.
    expect(newAfricasTalkingInput(lastWas("1*2"), "1*2*3*4")).toBe("3*4");
    expect(newAfricasTalkingInput(lastWas("1"), "1*")).toBe("");
    // A text that does not continue the last one: its last part.
    expect(newAfricasTalkingInput(lastWas("1*2"), "7*9")).toBe("9");
  });

  it("reads a long session's text: hundreds of inputs still get a screen", async () => {
    const before = Array.from({ length: 400 }, (_, i) => (i % 2 ? "0" : "1")).join("*");
    const text = `${before}*1`;
    expect(text.length).toBeGreaterThan(500);
    const read = await africasTalking.read(form({ sessionId: "s", phoneNumber: "+233241234567", text }));
    expect(read.key).toBe(text);
    expect(read.input(lastWas(before))).toBe("1");
    // Looked for among the last parts only: each a hash of the text, and the new input follows the last one answered.
    let looked = 0;
    expect(newAfricasTalkingInput((t) => (looked++, t === before), text)).toBe("1");
    expect(looked).toBeLessThanOrEqual(2);
  });

  it("keys a request by its whole text, reads the network from networkCode, and refuses one without a session or a number", async () => {
    const read = await africasTalking.read(form({ sessionId: "ATUid_1", serviceCode: "*384*1#", phoneNumber: "+233241234567", networkCode: "62001", text: "1*2" }));
    expect(read).toMatchObject({ gateway: "africastalking", sessionId: "ATUid_1", phone: "+233241234567", key: "1*2", event: "input", network: "MTN" });
    expect(read.input(lastWas("1"))).toBe("2");
    for (const [code, network] of [
      ["62002", "TELECEL"],
      ["62003", "AT"],
      ["62006", "AT"],
      ["62007", null],
      ["", null],
    ] as const)
      expect((await africasTalking.read(form({ sessionId: "s", phoneNumber: "+233241234567", networkCode: code, text: "" }))).network, code).toBe(network);
    await expect(africasTalking.read(form({ phoneNumber: "+233241234567", text: "" }))).rejects.toBeInstanceOf(HttpError);
    await expect(africasTalking.read(form({ sessionId: "s", text: "" }))).rejects.toThrow("Missing or invalid field: phoneNumber.");
  });

  it("answers CON or END in plain text", async () => {
    const read = await africasTalking.read(form({ sessionId: "s", phoneNumber: "+233241234567", text: "" }));
    const con = africasTalking.answer({ text: "1. Balance", input: "text", name: "main" }, read);
    expect(con.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await con.text()).toBe("CON 1. Balance");
    expect(await africasTalking.answer({ text: "Bye", input: null, name: "goodbye" }, read).text()).toBe("END Bye");
  });
});

describe("Hubtel's request", () => {
  const base = { SessionId: "abc123", Mobile: "233241234567", ServiceCode: "713", Operator: "mtn", ClientState: "", Message: "*713#" };

  it("reads the Type (any case), keys by Sequence, and takes no input at Initiation", async () => {
    const start = await hubtel.read(json({ ...base, Type: "Initiation", Sequence: 1 }));
    expect(start).toMatchObject({ gateway: "hubtel", sessionId: "abc123", phone: "233241234567", key: "1", event: "start", network: "MTN" });
    expect(start.input(null)).toBe("");
    const response = await hubtel.read(json({ ...base, Type: "response", Message: " 2 ", Sequence: "2" }));
    expect(response).toMatchObject({ key: "2", event: "input" });
    expect(response.input(() => true)).toBe("2");
    // A Release with the Sequence of the screen before it is not a repeat of that screen.
    expect(await hubtel.read(json({ ...base, Type: "Release", Message: "", Sequence: 2 }))).toMatchObject({ key: "release:2", event: "release" });
    expect(await hubtel.read(json({ ...base, Type: "TIMEOUT", Sequence: 3 }))).toMatchObject({ key: "timeout:3", event: "timeout" });
  });

  it("reads the caller's network from the Operator", async () => {
    for (const [operator, network] of [
      ["MTN", "MTN"],
      ["vodafone", "TELECEL"],
      ["Telecel", "TELECEL"],
      ["airteltigo", "AT"],
      ["AirtelTigo", "AT"],
      ["tigo", "AT"],
      ["glo", null],
      ["", null],
    ] as const)
      expect((await hubtel.read(json({ ...base, Operator: operator, Type: "Initiation", Sequence: 1 }))).network, operator).toBe(network);
  });

  it("refuses an unknown Type, a Sequence that is not a count, or a missing session", async () => {
    await expect(hubtel.read(json({ ...base, Type: "AddToCart", Sequence: 1 }))).rejects.toThrow("Missing or invalid field: Type.");
    await expect(hubtel.read(json({ ...base, Type: "Response", Sequence: "2x" }))).rejects.toThrow("Missing or invalid field: Sequence.");
    await expect(hubtel.read(json({ ...base, SessionId: "", Type: "Response", Sequence: 2 }))).rejects.toThrow("Missing or invalid field: SessionId.");
    await expect(hubtel.read(json({ ...base, Type: "Response", Sequence: 2, Message: { x: 1 } }))).rejects.toThrow("Missing or invalid field: Message.");
  });

  it("answers in Hubtel's JSON: response and input while it waits, release and display at the end", async () => {
    const read = await hubtel.read(json({ ...base, Type: "Initiation", Sequence: 1 }));
    expect(await hubtel.answer({ text: "Enter the units to buy:", input: "number", name: "investUnits" }, read).json()).toEqual({
      SessionId: "abc123",
      Type: "response",
      Message: "Enter the units to buy:",
      Label: "Akoko",
      ClientState: "investUnits",
      DataType: "input",
      FieldType: "number",
    });
    expect(await hubtel.answer({ text: "Bye", input: null, name: "goodbye" }, read).json()).toMatchObject({ Type: "release", DataType: "display", FieldType: "text" });
  });
});
