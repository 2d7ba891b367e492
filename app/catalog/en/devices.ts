/** How a signed-in session's device and place are named on /account (app/domain/devices.ts). */
export const devices = {
  "devices.browserOn": "{browser} on {system}",
  "devices.browser": "{browser}",
  "devices.aBrowser": "Browser",
  "devices.apiClient": "API client ({client})",
  "devices.unknown": "Unknown device",
  "devices.localNetwork": "Local network",
  "devices.address": "{address}",
  "devices.unknownPlace": "Unknown",
} as const;
