/**
 * Hubtel's SMS API (https://businessdocs-developers.hubtel.com/docs/simple-messaging):
 *
 *   POST {base}/v1/messages/send
 *   Authorization: Basic base64(clientId:clientSecret)
 *   Content-Type: application/json
 *   {"From": "Akoko", "To": "233241234567", "Content": "..."}
 *
 * answers 200/201 with {"rate": 0.03, "messageId": "...", "status": 0, "networkId": "62001",
 * "clientReference": null, "statusDescription": "request submitted successfully"}; `status` 0 is
 * accepted, anything else a refusal. Each request has a deadline. Only an answer that says the
 * message was NOT taken (429, 5xx, no connection) is worth trying again; a timeout is not, since
 * Hubtel may have sent it (the outbox marks it failed for an admin to look at). Logs and errors
 * carry neither the keys nor the full number.
 */
import { maskPhone } from "~/domain/notices";
import { keysMayTravelTo } from "~/lib/provider-url";
import { SmsError, type SmsConfig, type SmsMessage, type SmsSender } from "./index.server";

const DEFAULT_BASE_URL = "https://sms.hubtel.com";

function checkBaseUrl(raw: string): string {
  if (!keysMayTravelTo(raw)) throw new Error("HUBTEL_SMS_URL must be https:// (plain http only to 127.0.0.1 for a test fake)");
  const url = new URL(raw);
  return url.origin + url.pathname.replace(/\/$/, "");
}

export function createHubtelSmsSender(config: SmsConfig): SmsSender {
  if (!config.clientId || !config.clientSecret) throw new Error("SMS_PROVIDER=hubtel needs HUBTEL_CLIENT_ID and HUBTEL_CLIENT_SECRET");
  const base = checkBaseUrl(config.baseUrl ?? DEFAULT_BASE_URL);
  const auth = `Basic ${Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64")}`;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const doFetch = config.fetchImpl ?? fetch;
  const scrub = (text: string) =>
    text
      .split(config.clientSecret!)
      .join("[secret]")
      .replace(/\+?\d{9,}/g, (d) => maskPhone(d))
      .slice(0, 200);
  return {
    name: "hubtel",
    async send(message: SmsMessage) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      // The outbox's lease running out ends the request as the timeout does (it may have been sent).
      const gaveUp = () => controller.abort();
      message.signal?.addEventListener("abort", gaveUp, { once: true });
      if (message.signal?.aborted) controller.abort();
      let res: Response;
      try {
        res = await doFetch(`${base}/v1/messages/send`, {
          method: "POST",
          headers: { Authorization: auth, "Content-Type": "application/json", Accept: "application/json" },
          // Hubtel takes the number without the plus: 233XXXXXXXXX.
          body: JSON.stringify({ From: config.senderId, To: message.to.replace(/^\+/, ""), Content: message.text }),
          signal: controller.signal,
        });
      } catch (error) {
        const timedOut = controller.signal.aborted;
        // No connection at all: nothing reached Hubtel, another try is safe. A timeout: it may have.
        throw new SmsError(
          timedOut
            ? `Hubtel did not answer ${message.signal?.aborted ? "before the outbox's lease ran out" : `within ${timeoutMs} ms`} (it may have sent the message)`
            : `Hubtel unreachable: ${scrub(String((error as Error).message ?? error))}`,
          timedOut,
        );
      } finally {
        clearTimeout(timer);
        message.signal?.removeEventListener("abort", gaveUp);
      }
      const raw = await res.text().catch(() => "");
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        /* not JSON: judged by the status alone */
      }
      // Some Hubtel answers wrap the result in {"responseCode", "data": {...}}.
      const data = body.data && typeof body.data === "object" ? (body.data as Record<string, unknown>) : body;
      if (res.status === 429 || res.status >= 500) throw new SmsError(`Hubtel HTTP ${res.status}: ${scrub(raw)}`, false);
      if (!res.ok) throw new SmsError(`Hubtel refused the message (HTTP ${res.status}): ${scrub(raw)}`, true);
      const status = data.status;
      const messageId = typeof data.messageId === "string" ? data.messageId : null;
      if ((status !== 0 && status !== "0") || !messageId) {
        throw new SmsError(`Hubtel refused the message (status ${String(status)}): ${scrub(String(data.statusDescription ?? raw))}`, true);
      }
      return { providerRef: messageId };
    },
  };
}
