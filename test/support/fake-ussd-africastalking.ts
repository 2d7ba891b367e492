import { checkedScreen, newSessionId, type FakeUssdGateway } from "./fake-ussd";

/**
 * A fake Africa's Talking USSD gateway driving sessions against the built server the way the real
 * one does (https://developers.africastalking.com/docs/ussd/overview): each step is a form post of
 * `sessionId`, `serviceCode`, `phoneNumber` (+233...), `networkCode` and `text`, every input of
 * the session so far joined with `*` ("" when dialled, then "1", "1*2", ...); the answer is
 * text/plain, "CON " and a screen that waits for input, or "END " and the last one. Every screen
 * is checked (fake-ussd.ts); a non-200 or a malformed answer throws with what came back.
 */
export class FakeAfricasTalking implements FakeUssdGateway {
  readonly name = "africastalking" as const;
  screen = "";
  ended = true;
  readonly screens: string[] = [];
  /** The last answer's status and body, as they came. */
  last: { status: number; body: string } | null = null;
  private fields: Record<string, string> | null = null;

  constructor(
    private readonly callbackUrl: string,
    private readonly options: { serviceCode?: string; networkCode?: string; headers?: Record<string, string> } = {},
  ) {}

  async dial(phone: string): Promise<string> {
    this.fields = {
      sessionId: newSessionId("ATUid_"),
      serviceCode: this.options.serviceCode ?? "*384*1234#",
      phoneNumber: phone,
      // 62001 is MTN Ghana's network code (Africa's Talking names the network by its MCC and MNC).
      networkCode: this.options.networkCode ?? "62001",
      text: "",
    };
    return (await this.post()).screen;
  }

  async send(input: string): Promise<string> {
    if (!this.fields) throw new Error("Dial first.");
    if (this.ended) throw new Error(`The session has ended (its last screen: ${JSON.stringify(this.screen)}); the gateway sends nothing more.`);
    this.fields.text = this.fields.text === "" ? input : `${this.fields.text}*${input}`;
    return (await this.post()).screen;
  }

  async repeat(): Promise<string> {
    return (await this.post()).screen;
  }

  async sendFrom(phone: string, input?: string): Promise<{ screen: string; ended: boolean }> {
    if (!this.fields) throw new Error("Dial first.");
    const text = input === undefined ? this.fields.text : this.fields.text === "" ? input : `${this.fields.text}*${input}`;
    const answer = await this.exchange({ ...this.fields, phoneNumber: phone, text });
    this.screens.push(answer.screen);
    return answer;
  }

  async post(): Promise<{ screen: string; ended: boolean }> {
    if (!this.fields) throw new Error("Dial first.");
    const answer = await this.exchange(this.fields);
    this.ended = answer.ended;
    this.screen = answer.screen;
    this.screens.push(this.screen);
    return answer;
  }

  /** Posts `fields` and checks the answer as Africa's Talking reads it. */
  private async exchange(fields: Record<string, string>): Promise<{ screen: string; ended: boolean }> {
    const res = await fetch(this.callbackUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...this.options.headers },
      body: new URLSearchParams(fields),
    });
    const body = await res.text();
    this.last = { status: res.status, body };
    if (res.status !== 200) throw new Error(`Africa's Talking got ${res.status}: ${body}`);
    if (!(res.headers.get("content-type") ?? "").startsWith("text/plain")) throw new Error(`Africa's Talking got ${res.headers.get("content-type")}, not text/plain`);
    const m = /^(CON|END) ([\s\S]*)$/.exec(body);
    if (!m) throw new Error(`Africa's Talking got an answer that is neither CON nor END: ${JSON.stringify(body)}`);
    return { screen: checkedScreen(m[2], `Africa's Talking, text ${JSON.stringify(fields.text)}`), ended: m[1] === "END" };
  }
}
