/**
 * Whether a provider's API address may receive our secret keys: https, or plain http only to this
 * machine (a test fake on 127.0.0.1). The environment check and each adapter ask the same question.
 */
export function keysMayTravelTo(raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  return url.protocol === "https:" || (url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname));
}
