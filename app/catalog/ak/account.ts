import type { account as english, accountBlocked as englishBlocked, accountClose as englishClose, accountOtherSessions as englishOthers } from "~/catalog/en/account";
import type { TwiTexts } from "~/catalog/ak/types";

/** The account page and two-factor sign-in, in Twi. */
export const account: TwiTexts<typeof english> = {
  "account.title": "W'akawnt",
  "account.description": "Wo din ne wo fon nɔma, wo password, ne sɛnea wobɛto w'Akoko akawnt mu.",
  "account.details": "Wo ho nsɛm",
  "account.fullName": "Wo din nyinaa",
  "account.phone": "Fon nɔma (sɛ wopɛ a)",
  "account.phoneHint": "Ghana nɔma, sɛ 024 123 4567. Sɛ wopɛ sɛ woyi fi hɔ a, gyae no hɔ kwa.",
  "account.emailLine": "Email: {email}. Sɛ wopɛ sɛ wosesa a, kyerɛw yɛn wɔ {link} no so.",
  "account.contactPage": "Frɛ yɛn krataafa",
  "account.saveDetails": "Kora nsɛm no",
  "account.changePassword": "Sesa password",
  "account.othersLoggedOut": "Yɛbɛyi w'akawnt afi fon anaa kɔmputa foforɔ biara a ɛwɔ mu so; yei deɛ, ɛbɛtena mu.",
  "account.currentPassword": "Password a wode di dwuma seesei",
  "account.newPassword": "Password foforɔ",
  "account.newPasswordHint": "Ɛnsua nsen nkyerɛwdeɛ {min}.",
  "account.newPasswordAgain": "Password foforɔ no bio",
  "account.closeTitle": "To w'akawnt mu",
  "account.closeTerms":
    "Sɛnea {terms} no ka no, wobɛtumi ato w'akawnt mu bere biara: sika a woahyɛ mu dada no kɔ so kosi ne nkokɔ kuw awieeɛ, na sika a aka wɔ wo sika kotoku mu no, yɛtua ma wo. Sɛ wo to mu a, yɛyi wo din, email, fon ne password fi Akoko so; yɛkora wo sika kotoku, sikahyɛ ne akatua ho akontaa a wɔn nka ho, sɛnea mmara hwehwɛ.",
  "account.terms": "Mmara",

  "account.confirmed": "Woasi so dua",
  "account.notConfirmed": "Wonnya nsii so dua",
  "account.messages": "Nkra ne sɛnea yɛbɛfrɛ wo",
  "account.messagesIntro":
    "Yɛde email ne SMS ka akatua, sika a wode to mu, sika a woyi ne fi mu ho nsɛm kyerɛ wo, wɔ baabi a woasi so dua nkoa. Ahobammɔ nkra (password foforɔ ne nsesaeɛ) kɔ wo email so daa.",
  "account.email": "Email",
  "account.sendLink": "Fa link a wode bɛsi so dua brɛ me",
  "account.phoneLabel": "Fon",
  "account.noPhone": "biribiara nni hɔ",
  "account.addPhoneFirst": "Fa wo fon nɔma ka Wo ho nsɛm ho na nya nkra wɔ SMS so.",
  "account.smsCode": "Nɔma 6 kɔd a ɛwɔ SMS no mu",
  "account.confirmPhone": "Si fon no so dua",
  "account.sendNewCode": "Fa kɔd foforɔ brɛ me",
  "account.sendCode": "Fa kɔd brɛ me",
  "account.whatToReceive": "Nea wopɛ sɛ wonya",
  "account.kind": "Ɛyɛ dɛn",
  "account.channel.EMAIL": "Email",
  "account.channel.SMS": "SMS",
  "account.category.payouts": "Akatua",
  "account.category.money": "Sika a wode to mu ne sika a woyi",
  "account.category.exits": "Fi mu ntɛm",
  "account.category.news": "Nsɛm foforɔ",
  "account.categoryBy": "{category} wɔ {channel} so",
  "account.security": "Ahobammɔ (wontumi nnum)",
  "account.securityBy": "Ahobammɔ nkra wɔ {channel} so: ɛyɛ adwuma daa",
  "account.saveChoices": "Kora nea woayi",
  "account.thisDevice": "Fon anaa kɔmputa yi",
  "account.seen": "Mfiaseɛ {first} · Nea etwa toɔ {last}",
  "account.endLabel": "Yi {device} fi mu, nea etwa toɔ {last}",
  "account.end": "Yi fi mu",
  "account.sessions": "Sessions",
  "account.sessionsIntro": "Baabi a w'akawnt wɔ mu. Baabi no yɛ nea intanɛt address no kyerɛ nkoa; sɛ wonnim session bi a, yi fi mu na sesa wo password.",
  "account.browsers": "Browsers",
  "account.noBrowsers": "Browser biara nni mu.",
  "account.apiTokens": "API tokens",
  "account.noTokens": "Wɔmfa API token biara nni dwuma.",
  "account.closeQuestion": "To w'akawnt mu?",
  "account.yesClose": "Aane, to m'akawnt mu",
  "account.cancel": "Gyae",
  "account.twoFactor": "Wura mu a ɛtɔ so mmienu",
  "account.twoFactorIntro": "Bisa kɔd fi authenticator app a ɛwɔ wo fon so bere biara a wobɛwura mu, sɛnea ɛbɛyɛ a sɛ obi wia wo password a, ɛnnu.",
  "account.twoFactorLink": "Hyehyɛ anaa hwɛ wura mu a ɛtɔ so mmienu so",
  "account.closePrompt": "To w'Akoko akawnt mu koraa? Worentumi nwura mu bio, na wontumi nsan nyɛ.",

  "account.twoFactorDescription": "Fa kɔd a efi authenticator app mu bɔ w'Akoko akawnt ho ban.",

  "account.password": "Password",
  "account.code": "Kɔd",
  "account.recoveryCodes": "Wo recovery kɔd",
  "account.recoveryCodesNote": "Baako biara ma wo kwan ma wowura mu prɛko a wo fon nni hɔ. Kyerɛw anaa tintim krataafa yi seesei na fa sie baabi a ahobammɔ wɔ: yɛkyerɛ wɔn prɛko pɛ.",
  "account.backToAccount": "San kɔ w'akawnt so",
  "account.signInAgain": "Session yi wuraa mu a kɔd a ɛtɔ so mmienu nka ho, enti ɛntumi nkɔ ahwɛfoɔ nkrataafa so. Fi mu, na fa kɔd a ɛwɔ wo app mu no san wura mu.",
  "account.stateOn": "Wura mu a ɛtɔ so mmienu {on}. Wowɔ {left}.",
  "account.on": "reyɛ adwuma",
  "account.recoveryLeft": { one: "recovery kɔd {count} a wonnii ho dwuma", other: "recovery kɔd {count} a wonnii ho dwuma" },
  "account.newRecoveryCodes": "Recovery kɔd foforɔ",
  "account.makeNewCodes": "Yɛ recovery kɔd foforɔ",
  "account.codeNow": "Nɔma 6 kɔd a wo app kyerɛ seesei.",
  "account.turnItOff": "Dum no",
  "account.turnOff": "Dum wura mu a ɛtɔ so mmienu",
  "account.codeOrRecovery": "Kɔd a efi wo app mu, anaa recovery kɔd.",
  "account.mustEnrol": "Ahwɛfoɔ tumi de sika kɔ baabi, enti wɔn akawnt hia wura mu a ɛtɔ so mmienu. Hyehyɛ na kɔ ahwɛfoɔ nkrataafa no so.",
  "account.step1": "Fa authenticator app hyɛ wo fon mu (Google Authenticator, Microsoft Authenticator, Aegis, 2FAS…).",
  "account.step2": "Fa scan kɔd yi, anaa kyerɛw key a ɛwɔ ase ha no gu mu.",
  "account.step3": "Kyerɛw nɔma 6 kɔd a app no kyerɛ.",
  "account.qrLabel": "QR kɔd ma wo authenticator app",
  "account.key": "Key: {key}",
  "account.turnOn": "Bue wura mu a ɛtɔ so mmienu",
};

/** The close form, in Twi. */
export const accountClose: TwiTexts<typeof englishClose> = {
  "accountClose.closeMyAccount": "To m'akawnt mu",
  "accountClose.yourPassword": "Wo password",
};

/** Why the account cannot close yet, in Twi. */
export const accountBlocked: TwiTexts<typeof englishBlocked> = {
  "accountBlocked.cannotClose": "Wontumi nto w'akawnt mu seesei:",
  "accountBlocked.goToPortfolio": "Kɔ wo sikasɛm so",
};

/** Ending the other sessions, in Twi. */
export const accountOtherSessions: TwiTexts<typeof englishOthers> = {
  "accountOtherSessions.signOutElsewhere": "Fi mu wɔ baabi foforɔ biara",
};
