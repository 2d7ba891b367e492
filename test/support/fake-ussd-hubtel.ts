import { checkedScreen, newSessionId, type FakeUssdGateway } from "./fake-ussd";

type HubtelAnswer = { SessionId: string; Type: string; Message: string; Label: string; ClientState: string; DataType: string; FieldType: string };

/**
 * A fake Hubtel Programmable Services gateway driving USSD sessions against the built server the
 * way Hubtel does (https://developers.hubtel.com/docs/api-reference-prog-services): each step is a
 * JSON post of `Type` (Initiation when dialled, with the dialled code as `Message`; Response with
 * the input; Release when the caller ends it; Timeout when the network does), `Mobile` (233...),
 * `SessionId`, `ServiceCode`, `Operator`, `Sequence` (1, 2, 3...) and `ClientState` (what the last
 * answer asked to be sent back). The answer is JSON: `SessionId` (this one's), `Type` ("response"
 * waits for input, "release" ends), `Message` (the screen), `Label`, `ClientState`, `DataType`
 * ("input" or "display", matching the Type) and `FieldType` (text, phone, number or decimal).
 * Every screen is checked (fake-ussd.ts); anything else throws with what came back.
 */
export class FakeHubtelUssd implements FakeUssdGateway {
  readonly name = "hubtel" as const;
  screen = "";
  ended = true;
  readonly screens: string[] = [];
  /** The last answer, as it came. */
  last: HubtelAnswer | null = null;
  /** The ClientState of every answer: which screens the app says it showed. */
  readonly states: string[] = [];
  private request: Record<string, string | number> | null = null;

  constructor(
    private readonly callbackUrl: string,
    private readonly options: { serviceCode?: string; operator?: string; headers?: Record<string, string> } = {},
  ) {}

  async dial(phone: string): Promise<string> {
    const serviceCode = this.options.serviceCode ?? "713";
    this.request = {
      Type: "Initiation",
      Message: `*${serviceCode}#`,
      ServiceCode: serviceCode,
      Operator: this.options.operator ?? "mtn",
      ClientState: "",
      Mobile: phone.replace(/^\+/, ""),
      SessionId: newSessionId("").replace(/[^0-9a-z]/g, ""),
      Sequence: 1,
    };
    return (await this.post()).screen;
  }

  async send(input: string): Promise<string> {
    return this.next("Response", input);
  }

  /** The caller ends the session (Hubtel's Release). */
  async release(): Promise<string> {
    return this.next("Release", "");
  }

  /** The network ends the session for want of input (Hubtel's Timeout). */
  async timeout(): Promise<string> {
    return this.next("Timeout", "");
  }

  async repeat(): Promise<string> {
    return (await this.post()).screen;
  }

  private async next(type: string, message: string): Promise<string> {
    if (!this.request || !this.last) throw new Error("Dial first.");
    if (this.ended) throw new Error(`The session has ended (its last screen: ${JSON.stringify(this.screen)}); the gateway sends nothing more.`);
    this.request = { ...this.request, Type: type, Message: message, Sequence: Number(this.request.Sequence) + 1, ClientState: this.last.ClientState };
    return (await this.post()).screen;
  }

  async sendFrom(phone: string, input?: string): Promise<{ screen: string; ended: boolean }> {
    if (!this.request || !this.last) throw new Error("Dial first.");
    const request =
      input === undefined
        ? { ...this.request, Mobile: phone.replace(/^\+/, "") }
        : { ...this.request, Type: "Response", Message: input, Sequence: Number(this.request.Sequence) + 1, ClientState: this.last.ClientState, Mobile: phone.replace(/^\+/, "") };
    const { answer, screen } = await this.exchange(request);
    this.states.push(answer.ClientState);
    this.screens.push(screen);
    return { screen, ended: answer.Type === "release" };
  }

  async post(): Promise<{ screen: string; ended: boolean }> {
    if (!this.request) throw new Error("Dial first.");
    const { answer, screen } = await this.exchange(this.request);
    this.last = answer;
    this.states.push(answer.ClientState);
    this.ended = answer.Type === "release";
    this.screen = screen;
    this.screens.push(this.screen);
    return { screen: this.screen, ended: this.ended };
  }

  /** Posts `request` and checks the answer as Hubtel reads it. */
  private async exchange(request: Record<string, string | number>): Promise<{ answer: HubtelAnswer; screen: string }> {
    const res = await fetch(this.callbackUrl, { method: "POST", headers: { "Content-Type": "application/json", ...this.options.headers }, body: JSON.stringify(request) });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`Hubtel got ${res.status}: ${text}`);
    const answer = JSON.parse(text) as HubtelAnswer;
    const where = `Hubtel, ${request.Type} #${request.Sequence}`;
    if (answer.SessionId !== request.SessionId) throw new Error(`${where}: the answer names session ${answer.SessionId}`);
    if (!["response", "release"].includes(answer.Type)) throw new Error(`${where}: Type ${answer.Type}`);
    if (answer.DataType !== (answer.Type === "response" ? "input" : "display")) throw new Error(`${where}: DataType ${answer.DataType} with Type ${answer.Type}`);
    if (!["text", "phone", "number", "decimal"].includes(answer.FieldType)) throw new Error(`${where}: FieldType ${answer.FieldType}`);
    if (typeof answer.Label !== "string" || typeof answer.ClientState !== "string") throw new Error(`${where}: Label and ClientState must be text`);
    return { answer, screen: checkedScreen(answer.Message, where) };
  }
}
