import { msg } from "~/catalog/ref";
import { HttpError, readBody, readJsonBody } from "~/lib/http.server";
import type { UssdGateway } from "~/models/schema.server";
import type { UssdRequest } from "~/ussd/engine.server";
import type { Screen } from "~/ussd/screen";
import type { Network } from "~/ussd/state";

/**
 * The two USSD gateways' wire formats: each reads a callback into a UssdRequest and writes a
 * screen as its answer. What they send is checked as any client's input is (a 400 with a
 * `{"detail"}`, never a 500).
 */
export type Gateway = {
  name: UssdGateway;
  read(request: Request): Promise<UssdRequest>;
  answer(screen: Screen, request: UssdRequest): Response;
};

/** A text field of a gateway's request: trimmed, at most `max` characters; `required` ones may not be empty. */
function field(body: Record<string, unknown>, name: string, { max, required }: { max: number; required: boolean }): string {
  const value = body[name];
  const text = typeof value === "string" ? value.trim() : typeof value === "number" && Number.isFinite(value) ? String(value) : value === undefined || value === null ? "" : null;
  if (text === null || text.length > max || (required && text === "")) throw new HttpError(400, msg("api.invalidField", { field: name }));
  return text;
}

/** How many of a text's beginnings (by its last stars) are tried as the last text answered. */
const INPUT_STARS_TRIED = 16;

/** The longest `text` read: every input of a session (a long one, or a PIN typed many times, is a few hundred characters). */
const SESSION_TEXT_MAX = 8_000;

/**
 * What the caller typed, from Africa's Talking's `text`: every input of the session so far joined
 * with `*` ("", "1", "1*2", "1*2*50"). The new input is what follows the text of the last request
 * answered (`wasLast` tells it among the text's beginnings: the session's row keeps no text, only
 * an HMAC of it); a text that does not continue it (a gateway that restarted its count) gives its
 * last part. Null: nothing answered yet, the whole text is new. The beginnings are tried from the
 * longest, and only the last few: each try hashes the text, and the new input is almost always the
 * last part (an input with more stars than that is read as its last part).
 */
export function newAfricasTalkingInput(wasLast: ((text: string) => boolean) | null, text: string): string {
  if (wasLast === null || wasLast("")) return text;
  let tries = 0;
  for (let star = text.lastIndexOf("*"); star >= 0 && tries < INPUT_STARS_TRIED; star = star === 0 ? -1 : text.lastIndexOf("*", star - 1), tries++)
    if (wasLast(text.slice(0, star))) return text.slice(star + 1);
  return text.slice(text.lastIndexOf("*") + 1);
}

/**
 * The networks that carry mobile money here, by Africa's Talking's `networkCode` (the network's MCC
 * and MNC: 620 is Ghana) and Hubtel's `Operator`. The gateway knows the network the SIM is on, which a
 * number's prefix does not (numbers move between networks, keeping their prefix). Others (Glo): null.
 */
const NETWORK_CODES: Record<string, Network> = { "62001": "MTN", "62002": "TELECEL", "62003": "AT", "62006": "AT" };
const OPERATORS: Array<[RegExp, Network]> = [
  [/^mtn/, "MTN"],
  [/^(vodafone|telecel|vod)/, "TELECEL"],
  [/^(airteltigo|airtel|tigo|at)$/, "AT"],
];

export const networkOfCode = (code: string): Network | null => NETWORK_CODES[code] ?? null;
export const networkOfOperator = (operator: string): Network | null => OPERATORS.find(([pattern]) => pattern.test(operator.toLowerCase().replace(/[\s_-]/g, "")))?.[1] ?? null;

/**
 * Africa's Talking: a form post (sessionId, serviceCode, phoneNumber, networkCode, text), answered
 * in text/plain, "CON " and the screen (the session waits for input) or "END " and the screen.
 */
export const africasTalking: Gateway = {
  name: "africastalking",
  async read(request) {
    const body = await readBody(request);
    const sessionId = field(body, "sessionId", { max: 100, required: true });
    const phone = field(body, "phoneNumber", { max: 32, required: true });
    const text = field(body, "text", { max: SESSION_TEXT_MAX, required: false });
    const network = networkOfCode(field(body, "networkCode", { max: 10, required: false }));
    return { gateway: "africastalking", sessionId, phone, key: text, event: "input", network, input: (wasLast) => newAfricasTalkingInput(wasLast, text) };
  },
  answer(screen) {
    return new Response(`${screen.input === null ? "END" : "CON"} ${screen.text}`, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  },
};

const HUBTEL_EVENTS: Record<string, UssdRequest["event"]> = { initiation: "start", response: "input", release: "release", timeout: "timeout" };

/**
 * Hubtel Programmable Services: JSON (Type: Initiation, Response, Release or Timeout; Message, the
 * dialled code at Initiation and the input after; Mobile as 233...; SessionId; Sequence, counting
 * the session's requests; ClientState, what our last answer asked it to send back), answered in
 * JSON: SessionId, Type ("response" waits for input, "release" ends), Message, Label, ClientState
 * (the screen's name), DataType ("input" or "display") and FieldType (the keyboard).
 */
export const hubtel: Gateway = {
  name: "hubtel",
  async read(request) {
    const body = await readJsonBody(request);
    const event = HUBTEL_EVENTS[field(body, "Type", { max: 20, required: true }).toLowerCase()];
    if (!event) throw new HttpError(400, msg("api.invalidField", { field: "Type" }));
    const sessionId = field(body, "SessionId", { max: 100, required: true });
    const phone = field(body, "Mobile", { max: 32, required: true });
    const sequence = field(body, "Sequence", { max: 10, required: true });
    if (!/^\d+$/.test(sequence)) throw new HttpError(400, msg("api.invalidField", { field: "Sequence" }));
    const message = field(body, "Message", { max: 500, required: false });
    const network = networkOfOperator(field(body, "Operator", { max: 30, required: false }));
    // A Release or Timeout is never a repeat of the screen before it, whatever its Sequence.
    const key = event === "release" || event === "timeout" ? `${event}:${Number(sequence)}` : String(Number(sequence));
    // At Initiation the Message is the code dialled ("*713#"), not an input.
    return { gateway: "hubtel", sessionId, phone, key, event, network, input: () => (event === "input" ? message : "") };
  },
  answer(screen, request) {
    const waits = screen.input !== null;
    return new Response(
      JSON.stringify({
        SessionId: request.sessionId,
        Type: waits ? "response" : "release",
        Message: screen.text,
        Label: "Akoko",
        ClientState: screen.name,
        DataType: waits ? "input" : "display",
        FieldType: screen.input ?? "text",
      }),
      { headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" } },
    );
  },
};
