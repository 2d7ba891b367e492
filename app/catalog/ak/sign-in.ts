import type { login as englishLogin, register as englishRegister, reset as englishReset } from "~/catalog/en/sign-in";
import type { TwiTexts } from "~/catalog/ak/types";

/** Logging in, in Twi. */
export const login: TwiTexts<typeof englishLogin> = {
  "login.title": "Wura mu",
  "login.newTo": "Woyɛ foforɔ wɔ {brand}? {link}",
  "login.createOne": "Bue akawnt",
  "login.email": "Email",
  "login.password": "Password",
  "login.submit": "Wura mu",
  "login.busy": "Yɛde wo rewura mu…",
  "login.forgot": "Wo werɛ afi wo password?",
  "login.code.title": "Kyerɛw wo kɔd",
  "login.code.intro": "Bue wo authenticator app na kyerɛw nɔma 6 kɔd a ɛkyerɛ ma {brand} no. Wo fon ayera? Kyerɛw wo recovery kɔd no baako mmom.",
  "login.code.label": "Kɔd",
  "login.code.busy": "Yɛrehwɛ…",
  "login.code.startAgain": "Fi ase bio",
};

/** Creating an account, in Twi. */
export const register: TwiTexts<typeof englishRegister> = {
  "register.title": "Bue wo akawnt",
  "register.haveOne": "Wowɔ akawnt dada? {link}",
  "register.logIn": "Wura mu",
  "register.fullName": "Wo din nyinaa",
  "register.email": "Email",
  "register.password": "Password",
  "register.passwordHint": "Ɛnsua nsen nkyerɛwdeɛ {min}.",
  "register.submit": "Bue akawnt",
  "register.busy": "Yɛrebue akawnt…",
  "register.accept": "Sɛ wobue akawnt a, na wopene {terms} so, na wokyerɛ sɛ woadi mfeɛ 18 anaa nea ɛboro saa. Sikahyɛ wɔ asiane: hwɛ {risk}.",
  "register.terms": "Mmara ne wo kokoam nsɛm",
  "register.risk": "Asiane ho nkaeɛ",
  "register.welcome": "Akwaaba ba {brand}, {name}!",
};

/** Resetting a password, in Twi. */
export const reset: TwiTexts<typeof englishReset> = {
  "reset.request.title": "Yɛ wo password foforɔ",
  "reset.request.requested": "Sɛ akawnt bi wɔ hɔ ma saa email no a, link a wode bɛyɛ password foforɔ reba. Ɛyɛ adwuma prɛko pɛ, dɔnhwere baako mu.",
  "reset.request.unavailable": "{brand} mfii ase ntoo email ɛnnɛ, enti yɛmfaa link biara mmaeɛ. Kyerɛw yɛn wɔ Frɛ yɛn krataafa no so na yɛbɛboa wo ma woasan awura w'akawnt mu.",
  "reset.request.gotCode": "Manya kɔd wɔ SMS so",
  "reset.request.contact": "Frɛ yɛn",
  "reset.request.email": "Email",
  "reset.request.invalidEmail": "Kyerɛw email address a ɛyɛ nokware.",
  "reset.request.submit": "Fa link no brɛ me",
  "reset.link.title": "Yi password foforɔ",
  "reset.link.expired": "Link yi bere atwam anaa wɔde adi dwuma dada. Bisa foforɔ.",
  "reset.link.askAgain": "Bisa link foforɔ",
  "reset.newPassword": "Password foforɔ",
  "reset.repeatPassword": "Kyerɛw password foforɔ no bio",
  "reset.submit": "Fa password foforɔ si hɔ",
  "reset.changed": "Yɛasesa wo password. Fa foforɔ no wura mu.",
  "reset.code.title": "Fa SMS kɔd no yɛ foforɔ",
  "reset.code.intro": "Sɛ woasi wo fon so dua a, yɛde nɔma 6 kɔd nso brɛ wo wɔ SMS so. Ɛyɛ adwuma dɔnhwere baako.",
  "reset.code.email": "Email",
  "reset.code.code": "Nɔma 6 kɔd a ɛwɔ SMS no mu",
  "reset.code.wrong": "Kɔd no nyɛ nokware, ne bere atwam, anaa wɔde adi dwuma mpɛn pii dodo. Hwɛ SMS no bio, anaa fa link a ɛwɔ wo email mu no.",
  "reset.code.askAgain": "Bisa link anaa kɔd foforɔ",
};
