/**
 * Farm devices (issue 29): the live readings on the cards and the batch page (`sensor`, shipped with
 * those pages), the admin's device page (`adminDevices`), and the refusals of the device API and its
 * rules (`deviceRules`, rendered on the server only).
 */
export const sensor = {
  "sensor.latest": "Latest reading {age}",
  "sensor.age.now": "just now",
  "sensor.age.minutes": { one: "{count} minute ago", other: "{count} minutes ago" },
  "sensor.age.hours": { one: "{count} hour ago", other: "{count} hours ago" },
  "sensor.age.days": { one: "{count} day ago", other: "{count} days ago" },
  "sensor.silent.hours": { one: "No reading for {count} hour", other: "No reading for {count} hours" },
  "sensor.silent.days": { one: "No reading for {count} day", other: "No reading for {count} days" },
  "sensor.noDevice": "No sensor device on this batch",
  "sensor.noReadingYet": "Sensor installed, no reading yet",
  "sensor.homeLine": "{temp} · {humidity} · {ammonia} · {status}",
  "sensor.noDeviceFarmLog": "No sensor device · farm's daily log of {date}",
  "sensor.waitingFarmLog": "No sensor reading yet · farm's daily log of {date}",
  "sensor.chart.temp": "Temperature, last 24 hours, °C",
} as const;

export const adminDevices = {
  "adminDevices.title": "Devices of Batch #{batchId}",
  "adminDevices.metaTitle": "Devices of Batch #{batchId} — Akoko admin",
  "adminDevices.metaDescription": "Issue and revoke the tokens the farm's sensor devices post readings with.",
  "adminDevices.intro": "A device posts its readings to {path} with its token. Each token is shown once, when it is issued; only its fingerprint is kept.",
  "adminDevices.issueTitle": "Issue a device token",
  "adminDevices.label": "Label",
  "adminDevices.labelHint": "Which device this is, e.g. House 1 sensor.",
  "adminDevices.issue": "Issue token",
  "adminDevices.issuedTitle": "Token for {label}",
  "adminDevices.issuedNote": "Copy it into the device now: it is not shown again. If it is lost, revoke the device and issue a new token.",
  "adminDevices.issuedAgain":
    "{label} was already issued by this same form. Its token was shown once, on the first answer, and is not kept. If it was not copied, revoke {label} and issue a new token.",
  "adminDevices.listTitle": "Devices",
  "adminDevices.none": "No device has been issued for this batch.",
  "adminDevices.issuedAt": "Issued {at}",
  "adminDevices.lastSeen": "Last reading {at}",
  "adminDevices.neverSeen": "No reading yet",
  "adminDevices.revokedAt": "Revoked {at}",
  "adminDevices.active": "Active",
  "adminDevices.revoke": "Revoke",
  "adminDevices.revokeLabel": "Revoke {label}",
  "adminDevices.flash.revoked": "Device {label} revoked: its token is refused from now on.",
  "adminDevices.failed": "The device could not be saved. Please try again.",
  "adminDevices.batchPage": "Batch page",
} as const;

export const deviceRules = {
  "deviceRules.noToken": "Send the device token as Authorization: Bearer <token>.",
  "deviceRules.unknownToken": "Unknown or revoked device token.",
  "deviceRules.tooManyRequests": "Too many requests from this device. Try again in a few minutes.",
  "deviceRules.noReadings": "Send at least one reading.",
  "deviceRules.tooMany": "At most {max} readings per request; this one has {count}.",
  "deviceRules.readingsNotList": "readings must be a list of readings.",
  "deviceRules.notAReading": "Reading {index} must be a JSON object.",
  "deviceRules.notANumber": "Reading {index}: {field} must be a number.",
  "deviceRules.timeRequired": "Reading {index}: recorded_at must be a time as text, e.g. 2026-11-26T14:05:00Z.",
  "deviceRules.outOfRange": "Reading {index}: {field} {value} is outside {min} to {max} {unit}.",
  "deviceRules.badTime": "Reading {index}: recorded_at must be an ISO 8601 time with a zone, e.g. 2026-11-26T14:05:00Z.",
  "deviceRules.future": "Reading {index}: recorded_at is more than {minutes} minutes in the future.",
  "deviceRules.tooOld": "Reading {index}: recorded_at is more than {days} days old.",
  "deviceRules.deviceNotFound": "Device not found.",
  "deviceRules.deleteHasReadings": "This batch has sensor readings on record and cannot be deleted.",
  "deviceRules.labelName": "The label",
  "deviceRules.labelRequired": "Give the device a label.",
  "deviceRules.labelTooLong": "Keep the label under {max} characters.",
} as const;
