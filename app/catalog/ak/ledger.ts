import type { ledger as english } from "~/catalog/en/ledger";
import type { TwiTexts } from "~/catalog/ak/types";

/** What a ledger entry says it was (the wallet statement's memo), in Twi. */
export const ledger: TwiTexts<typeof english> = {
  "ledger.units": { one: "kyɛfa {count}", other: "nkyɛfa {count}" },
  "ledger.bought": "Wotɔɔ {units} wɔ nkokɔ kuw #{batchId} mu",
  "ledger.exitFilled": "{units} wɔ nkokɔ kuw #{batchId} mu asesa wura (fi mu #{exitId})",
  "ledger.deposit.mobile_money": "Sika a wode too sika kotoku mu (mobile money)",
  "ledger.deposit.card_or_bank": "Sika a wode too sika kotoku mu (kaad anaa bank)",
  "ledger.deposit.demo": "Sika a wode too sika kotoku mu (nhwɛsoɔ)",
  "ledger.withdrawalTo": "Sika a woyii kɔɔ {destination}",
  "ledger.withdrawal": "Sika a woyii",
  "ledger.destinationNotGiven": "Wɔmfaa bi mmaeɛ",
  "ledger.withdrawalHeld": "Yɛamfa sika a woyii no ankɔ ahobammɔ nhwehwɛmu akyi: sika no asan aba wo sika kotoku mu",
  "ledger.withdrawalSent": "Yɛde sika a woyii no akɔ {provider}",
  "ledger.withdrawalReversedBy": "{provider} asan de sika a woyii no aba",
  "ledger.withdrawalReversed": "Sika a woyii no asan aba: ɛwɔ wo sika kotoku mu bio",
  "ledger.withdrawalFailed": "Sika a woyii no anyɛ yie: ɛwɔ wo sika kotoku mu bio",
  "ledger.payout": "Nkokɔ kuw #{batchId} {label}",
  "ledger.reserveDraw": "Nkokɔ kuw #{batchId} {label}: efi Akoko sika a wɔasie mu",
  "ledger.remittance": "Nkokɔ kuw #{batchId} nkokɔ afuo sika ma {period}",
  "ledger.reserveFunded.FEES": "Yɛde ɛka a yɛanya agu Akoko sika a wɔasie mu",
  "ledger.reserveFunded.EXTERNAL": "Yɛde sika a efi abɔnten agu Akoko sika a wɔasie mu",
  "ledger.deployed": "Yɛde nkokɔ kuw #{batchId} sika akɔ nkokɔ afuo no so",
  "ledger.taxPaid": "{period} towa a wɔtwa fi mu, yɛatua towa adwumakuo no ({reference})",
  "ledger.surplusReturned": "Nkokɔ kuw #{batchId} sika a aka, yɛasan de ama nkokɔ afuo no ({reference})",
  "ledger.surplusToReserve": "Nkokɔ kuw #{batchId} sika a aka, yɛde akɔ Akoko sika a wɔasie mu",
};
