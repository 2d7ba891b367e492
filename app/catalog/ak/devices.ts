import type { devices as english } from "~/catalog/en/devices";
import type { TwiTexts } from "~/catalog/ak/types";

/** A session's device and place on /account, in Twi. */
export const devices: TwiTexts<typeof english> = {
  "devices.browserOn": "{browser} wɔ {system} so",
  "devices.browser": "{browser}",
  "devices.aBrowser": "Browser",
  "devices.apiClient": "API dwumadie ({client})",
  "devices.unknown": "Fon anaa kɔmputa a yennim",
  "devices.localNetwork": "Fie anaa adwumam nkitahodie",
  "devices.address": "{address}",
  "devices.unknownPlace": "Yennim",
};
