/** The account page and two-factor sign-in; the messages their forms leave. */
export const account = {
  "account.title": "Your account",
  "account.description": "Your name and phone number, your password, and closing your Akoko account.",
  "account.details": "Your details",
  "account.fullName": "Full name",
  "account.phone": "Phone number (optional)",
  "account.phoneHint": "A Ghana number, e.g. 024 123 4567. Leave it empty to remove it.",
  "account.emailLine": "Email: {email}. To change it, write to us through the {link}.",
  "account.contactPage": "contact page",
  "account.saveDetails": "Save details",
  "account.changePassword": "Change password",
  "account.othersLoggedOut": "Every other phone or computer signed in to your account is logged out; this one stays signed in.",
  "account.currentPassword": "Current password",
  "account.newPassword": "New password",
  "account.newPasswordHint": "At least {min} characters.",
  "account.newPasswordAgain": "New password again",
  "account.closeTitle": "Close your account",
  "account.closeTerms":
    "As the {terms} say, you may close your account at any time: investments already made run to the end of their batch, and your wallet balance is paid out to you. Closing removes your name, email, phone and password from Akoko; the records of your wallet, investments and payouts are kept without them, as the law requires.",
  "account.terms": "Terms",

  "account.confirmed": "Confirmed",
  "account.notConfirmed": "Not confirmed",
  "account.messages": "Messages and contacts",
  "account.messagesIntro":
    "We tell you about payouts, deposits, withdrawals and exits by email and SMS, only at contacts you have confirmed. Security messages (password resets and changes) always go to your email.",
  "account.email": "Email",
  "account.sendLink": "Send confirmation link",
  "account.phoneLabel": "Phone",
  "account.noPhone": "none yet",
  "account.addPhoneFirst": "Add your phone number under Your details to get messages by SMS.",
  "account.smsCode": "6-digit code from the SMS",
  "account.confirmPhone": "Confirm phone",
  "account.sendNewCode": "Send a new code",
  "account.sendCode": "Send me a code",
  "account.whatToReceive": "What to receive",
  "account.kind": "Kind",
  "account.channel.EMAIL": "Email",
  "account.channel.SMS": "SMS",
  "account.category.payouts": "Payouts",
  "account.category.money": "Deposits and withdrawals",
  "account.category.exits": "Early exits",
  "account.category.news": "Product news",
  "account.categoryBy": "{category} by {channel}",
  "account.security": "Security (cannot be turned off)",
  "account.securityBy": "Security messages by {channel}: always on",
  "account.saveChoices": "Save choices",
  "account.thisDevice": "This device",
  "account.seen": "First seen {first} · Last seen {last}",
  "account.endLabel": "End {device}, last seen {last}",
  "account.end": "End",
  "account.sessions": "Sessions",
  "account.sessionsIntro": "Where your account is signed in. The place is only what the internet address tells; if you do not know a session, end it and change your password.",
  "account.browsers": "Browsers",
  "account.noBrowsers": "No browser is signed in.",
  "account.apiTokens": "API tokens",
  "account.noTokens": "No API token is in use.",
  "account.closeQuestion": "Close your account?",
  "account.yesClose": "Yes, close my account",
  "account.cancel": "Cancel",
  "account.twoFactor": "Two-factor sign-in",
  "account.twoFactorIntro": "Ask for a code from an authenticator app on your phone each time you log in, so a stolen password is not enough.",
  "account.twoFactorLink": "Set up or manage two-factor sign-in",
  "account.closePrompt": "Close your Akoko account for good? You cannot log in again, and this cannot be undone.",

  // Two-factor sign-in (/account/two-factor)
  "account.twoFactorDescription": "Protect your Akoko account with a code from an authenticator app.",

  "account.password": "Password",
  "account.code": "Code",
  "account.recoveryCodes": "Your recovery codes",
  "account.recoveryCodesNote": "Each one lets you log in once without your phone. Write them down or print this page now and keep them somewhere safe: they are shown only this once.",
  "account.backToAccount": "Back to your account",
  "account.signInAgain": "This session signed in without a two-factor code, so it cannot use the admin pages. Log out, then log in again with the code from your app.",
  "account.stateOn": "Two-factor sign-in is {on}. You have {left}.",
  "account.on": "on",
  "account.recoveryLeft": { one: "{count} unused recovery code", other: "{count} unused recovery codes" },
  "account.newRecoveryCodes": "New recovery codes",
  "account.makeNewCodes": "Make new recovery codes",
  "account.codeNow": "The 6-digit code your app shows now.",
  "account.turnItOff": "Turn it off",
  "account.turnOff": "Turn two-factor sign-in off",
  "account.codeOrRecovery": "A code from your app, or a recovery code.",
  "account.mustEnrol": "Admins can move money, so their accounts need two-factor sign-in. Set it up to continue to the admin pages.",
  "account.step1": "Install an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, Aegis, 2FAS…).",
  "account.step2": "Scan this code with it, or type the key below into it.",
  "account.step3": "Enter the 6-digit code the app shows.",
  "account.qrLabel": "QR code for your authenticator app",
  "account.key": "Key: {key}",
  "account.turnOn": "Turn on two-factor sign-in",
} as const;

/** The close form, shipped only while the account can close. */
export const accountClose = {
  "accountClose.closeMyAccount": "Close my account",
  "accountClose.yourPassword": "Your password",
} as const;

/** Why the account cannot close yet, shipped only then. */
export const accountBlocked = {
  "accountBlocked.cannotClose": "Your account cannot be closed yet:",
  "accountBlocked.goToPortfolio": "Go to your portfolio",
} as const;

/** Ending the other sessions, shipped only while there are others. */
export const accountOtherSessions = {
  "accountOtherSessions.signOutElsewhere": "Sign out everywhere else",
} as const;
