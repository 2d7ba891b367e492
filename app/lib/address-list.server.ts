import net from "node:net";

/**
 * A list of client addresses (USSD_ALLOWED_IPS): single addresses and CIDR ranges, IPv4 or IPv6,
 * separated by commas. An IPv4 caller seen on an IPv6 socket ("::ffff:196.201.214.5") is the IPv4
 * address it carries.
 */
export type AddressList = { has: (address: string) => boolean; size: number };

/** The list read from its text, or null when an entry is not an address or range. */
export function parseAddressList(text: string): AddressList | null {
  const list = new net.BlockList();
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split("/");
    const family = net.isIP(address);
    if (family === 0 || rest.length > 0) return null;
    const type = family === 4 ? "ipv4" : "ipv6";
    if (bits === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const prefix = Number(bits);
    if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) return null;
    list.addSubnet(address, prefix, type);
  }
  return {
    size: entries.length,
    has(client) {
      const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(client)?.[1];
      const address = mapped ?? client;
      const family = net.isIP(address);
      return family !== 0 && list.check(address, family === 4 ? "ipv4" : "ipv6");
    },
  };
}
