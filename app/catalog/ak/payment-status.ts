import type { paymentStatus as english } from "~/catalog/en/payment-status";
import type { TwiTexts } from "~/catalog/ak/types";

/** What a deposit or a withdrawal says about where it stands, in Twi. */
export const paymentStatus: TwiTexts<typeof english> = {
  "paymentStatus.depositPending": "Yɛretwɛn sɛ wɔn a wɔde sika no rebrɛ no bɛsi so dua.",
  "paymentStatus.depositSucceeded": "Sika a wode too mu no aba",
  "paymentStatus.depositFailed": "Tua no ankɔ, na yɛannye wo sika biara. Yɛsrɛ wo, san bɔ mmɔden bio.",
  "paymentStatus.depositAbandoned": "Wonwiee sika a wode too mu yi, enti hwee amma mu. Sɛ woasiesie wo ho a, fi foforɔ ase.",
  "paymentStatus.depositFlagged": "Yɛanya sika bi a ɛne sika a wode too mu yi nhyia. Yɛn adwumayɛfoɔ rehwɛ mu na wɔbɛfrɛ wo.",
  "paymentStatus.depositRefunded":
    "Sika yi aba, nanso sɛ yɛde gu wo sika kotoku mu a, ɛbɛboro w'akawnt ano: {limit} Enti yɛresan de akɔma wo ɔkwan a wofaa so tuaeɛ no so; ebia ɛbɛkyɛ nna kakra ansa na aduru wo. Yɛamfa hwee ankɔ wo sika kotoku mu.",
  "paymentStatus.depositRefundedMismatch":
    "Sika a yɛnyaeɛ no ({paid}) ne sika a wode reto mu yi ({amount}) nhyia, enti yɛamfa hwee angu wo sika kotoku mu. Yɛresan de akɔma wo ɔkwan a wofaa so tuaeɛ no so; ebia ɛbɛkyɛ nna kakra ansa na aduru wo.",
  "paymentStatus.depositRefundFailed":
    "Yɛantumi amfa sika yi ({amount}) ansan amma wo: sika a yɛresan de ama wo no ankɔ. Yɛn adwumayɛfoɔ de bɛma wo wɔ ɔkwan foforɔ so na wɔbɛfrɛ wo. Yɛamfa hwee angu wo sika kotoku mu.",
  "paymentStatus.depositRefundRetried": "Yɛresan de sika yi ({amount}) akɔma wo bio, ɔkwan a wofaa so tuaeɛ no so; ebia ɛbɛkyɛ nna kakra ansa na aduru wo. Yɛamfa hwee angu wo sika kotoku mu.",
  "paymentStatus.checkout": "Kɔ tua krataafa a ɛho tɔ wo bo no so na fa kaad anaa bank tua.",
  "paymentStatus.approveOnPhone": "Pene tua no so wɔ wo fon so na wie sika a wode reto mu no.",
  "paymentStatus.enterOtp": "Kyerɛw kɔd a ɛwɔ wo fon so no na wie sika a wode reto mu no (Telecel Cash: frɛ *110# na nya voucher).",
  "paymentStatus.wrongOtp": "Kɔd no anyɛ adwuma. Hwɛ mu yie na san bɔ mmɔden bio.",
  "paymentStatus.networkPending": "Yɛretwɛn sɛ wo network bɛsi tua no so dua.",
  "paymentStatus.withdrawalPending": "Sika a woreyi no reba.",
  "paymentStatus.withdrawalHeld": "Yɛretwɛn ahobammɔ nhwehwɛmu: ɔhwɛfoɔ hwɛ sika kɛseɛ a wɔyi mu ansa na wɔde akɔ.",
  "paymentStatus.withdrawalSucceeded": "Yɛayi sika no awie",
  "paymentStatus.withdrawalFailed": "Yɛantumi amfa sika a woreyi no ankɔ. Sika no asan aba wo sika kotoku mu.",
  "paymentStatus.withdrawalReversed": "Sika a woyii no fi network no so san baeɛ. Sika no asan aba wo sika kotoku mu.",
  "paymentStatus.badPhone": "Kyerɛw Ghana mobile money nɔma te sɛ 024 123 4567.",
  "paymentStatus.badRecipient": "Hwɛ akawnt nɔma no ne bank anaa network no mu bio.",
  "paymentStatus.checkoutUnavailable": "Yɛantumi ammue tua krataafa no. Yɛsrɛ wo, san bɔ mmɔden bio.",
  "paymentStatus.refundRefused": "Tua adwumakuo no ampene so sɛ ɔde sika no bɛsan ama.",
  "paymentStatus.noPaidCharge": "Tua biara nni hɔ a ɛde nɔma yi a yɛbɛsan de ama.",
};
