import type { adminDevices as englishAdmin, deviceRules as englishRules, sensor as englishSensor } from "~/catalog/en/farm-devices";
import type { TwiTexts } from "~/catalog/ak/types";

/** The live readings on the cards and the batch page, in Twi. */
export const sensor: TwiTexts<typeof englishSensor> = {
  "sensor.latest": "Nsusuiɛ a etwa toɔ {age}",
  "sensor.age.now": "seesei ara",
  "sensor.age.minutes": { one: "simma {count} a atwam", other: "simma {count} a atwam" },
  "sensor.age.hours": { one: "dɔnhwere {count} a atwam", other: "nnɔnhwere {count} a atwam" },
  "sensor.age.days": { one: "da {count} a atwam", other: "nna {count} a atwam" },
  "sensor.silent.hours": { one: "Nsusuiɛ biara mmaa dɔnhwere {count}", other: "Nsusuiɛ biara mmaa nnɔnhwere {count}" },
  "sensor.silent.days": { one: "Nsusuiɛ biara mmaa da {count}", other: "Nsusuiɛ biara mmaa nna {count}" },
  "sensor.noDevice": "Nsusuiɛ afidie biara nni nkokɔ kuw yi so",
  "sensor.noReadingYet": "Wɔde nsusuiɛ afidie asi hɔ, nanso nsusuiɛ biara mmaa ɛnnɛ",
  "sensor.homeLine": "{temp} · {humidity} · {ammonia} · {status}",
  "sensor.noDeviceFarmLog": "Nsusuiɛ afidie biara nni hɔ · nkokɔ afuo no {date} nsɛm",
  "sensor.waitingFarmLog": "Afidie nsusuiɛ biara mmaa ɛnnɛ · nkokɔ afuo no {date} nsɛm",
  "sensor.chart.temp": "Ɔhyeɛ, nnɔnhwere 24 a atwam, °C",
};

/** The admin's device page, in Twi. */
export const adminDevices: TwiTexts<typeof englishAdmin> = {
  "adminDevices.title": "Nkokɔ kuw #{batchId} mfidie",
  "adminDevices.metaTitle": "Nkokɔ kuw #{batchId} mfidie — Akoko ahwɛfoɔ",
  "adminDevices.metaDescription": "Ma anaa gye kɔd kokoam a nkokɔ afuo no nsusuiɛ mfidie de mena wɔn nsusuiɛ.",
  "adminDevices.intro": "Afidie de ne kɔd kokoam mena ne nsusuiɛ kɔ {path}. Yɛkyerɛ kɔd kokoam biara prɛko pɛ, bere a yɛde ma; yɛkora ne agyiraeɛ nkoa.",
  "adminDevices.issueTitle": "Ma afidie kɔd kokoam",
  "adminDevices.label": "Din",
  "adminDevices.labelHint": "Afidie a ɛyɛ, sɛ Dan 1 nsusuiɛ afidie.",
  "adminDevices.issue": "Ma kɔd kokoam",
  "adminDevices.issuedTitle": "Kɔd kokoam ma {label}",
  "adminDevices.issuedNote": "Fa gu afidie no mu seesei: yɛrenkyerɛ bio. Sɛ ɛyera a, gye afidie no na ma kɔd kokoam foforɔ.",
  "adminDevices.issuedAgain":
    "Yɛde {label} maeɛ dedaw wɔ saa krataa yi ara so. Yɛkyerɛɛ ne kɔd kokoam prɛko pɛ, mmuaeɛ a edi kan no mu, na yɛnkora. Sɛ wonkyerɛw ankora a, gye {label} na ma kɔd kokoam foforɔ.",
  "adminDevices.listTitle": "Mfidie",
  "adminDevices.none": "Yɛmfaa afidie biara mmaa nkokɔ kuw yi.",
  "adminDevices.issuedAt": "Yɛde maeɛ {at}",
  "adminDevices.lastSeen": "Nsusuiɛ a etwa toɔ {at}",
  "adminDevices.neverSeen": "Nsusuiɛ biara mmaa ɛnnɛ",
  "adminDevices.revokedAt": "Yɛgyee {at}",
  "adminDevices.active": "Ɛyɛ adwuma",
  "adminDevices.revoke": "Gye",
  "adminDevices.revokeLabel": "Gye {label}",
  "adminDevices.flash.revoked": "Yɛagye afidie {label}: efi seesei yɛnnye ne kɔd kokoam.",
  "adminDevices.failed": "Yɛantumi ankora afidie no. Yɛsrɛ wo, san bɔ mmɔden bio.",
  "adminDevices.batchPage": "Nkokɔ kuw krataafa",
};

/** The refusals of the device API and its rules, in Twi. */
export const deviceRules: TwiTexts<typeof englishRules> = {
  "deviceRules.noToken": "Fa afidie no kɔd kokoam bra sɛ Authorization: Bearer <token>.",
  "deviceRules.unknownToken": "Yɛnnim afidie kɔd kokoam no, anaa yɛagye.",
  "deviceRules.tooManyRequests": "Abisadeɛ pii dodo afi afidie yi so. San bɔ mmɔden simma kakra akyi.",
  "deviceRules.noReadings": "Fa nsusuiɛ baako pɛ ara bra.",
  "deviceRules.tooMany": "Nsusuiɛ {max} pɛ wɔ abisadeɛ baako mu; yei wɔ {count}.",
  "deviceRules.readingsNotList": "Ɛsɛ sɛ readings yɛ nsusuiɛ list.",
  "deviceRules.notAReading": "Nsusuiɛ {index}: ɛsɛ sɛ ɛyɛ JSON object.",
  "deviceRules.notANumber": "Nsusuiɛ {index}: ɛsɛ sɛ {field} yɛ nɔma.",
  "deviceRules.timeRequired": "Nsusuiɛ {index}: ɛsɛ sɛ recorded_at yɛ bere a wɔakyerɛw, sɛ 2026-11-26T14:05:00Z.",
  "deviceRules.outOfRange": "Nsusuiɛ {index}: {field} {value} nni {min} ne {max} {unit} ntam.",
  "deviceRules.badTime": "Nsusuiɛ {index}: ɛsɛ sɛ recorded_at yɛ ISO 8601 bere a ne zone ka ho, sɛ 2026-11-26T14:05:00Z.",
  "deviceRules.future": "Nsusuiɛ {index}: recorded_at boro simma {minutes} kɔ daakye.",
  "deviceRules.tooOld": "Nsusuiɛ {index}: recorded_at anyini boro nna {days}.",
  "deviceRules.deviceNotFound": "Yɛanhu afidie no.",
  "deviceRules.deleteHasReadings": "Nkokɔ kuw yi wɔ nsusuiɛ a mfidie akyerɛw, enti wontumi mpepa.",
  "deviceRules.labelName": "Din no",
  "deviceRules.labelRequired": "Ma afidie no din.",
  "deviceRules.labelTooLong": "Din no ntra nkyerɛwdeɛ {max}.",
};
