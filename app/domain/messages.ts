import type { ProductType } from "~/domain/types";

/** The product's messages and the ones the server's rules add (docs/rules.md#messages). Matched word for word. */
export const INVEST_MESSAGES: Record<ProductType, { unitsPositive: string; tooMany: string; terms: string }> = {
  EGG: {
    unitsPositive: "Enter a positive units amount.",
    tooMany: "Not enough units available.",
    terms: "Please accept terms & risk disclosure.",
  },
  CHICKEN: {
    unitsPositive: "Enter a positive number of units.",
    tooMany: "Cannot invest more than available units.",
    terms: "You must acknowledge the investment terms.",
  },
};

export const MSG = {
  loginToInvest: "Please log in to invest.",
  insufficientWallet: "Insufficient wallet balance — deposit or reduce units.",
  insufficientBalance: "Insufficient balance",
  enterUnits: "Enter units",
  farmNameRequired: "Farm name required.",
  selectFarm: "Select a farm.",
  batchNotFound: "Batch not found.",
  investmentNotFound: "Investment not found.",
  batchNotOpen: "This batch is no longer open for investment.",
  wholeUnits: "Units must be a whole number.",
  chickenLocked: "Chicken Notes are locked until harvest.",
  exitNeedsActive: "Early exit is only possible while the batch is active.",
  noHolding: "You hold no units in this batch.",
  deleteHasInvestments: "This batch has investments and cannot be deleted.",
  deleteHasHistory: "This batch has payout runs or farm logs on record and cannot be deleted.",
  deleteHasLedger: "This batch has ledger accounts on record and cannot be deleted.",
  exitRequestNotFound: "Exit request not found.",
  exitNotPending: "Only a pending exit request can be cancelled.",
  earlyExitSubmitted: "Early exit request submitted. We will notify you when a buyer is found.",
  amountRequired: "Enter an amount.",
  amountFormat: "Enter the amount as a number, e.g. 50 or 50.25.",
  amountSeparators: "Use commas only between thousands (1,000.50), and a point for pesewas.",
  amountDecimals: "Use at most 2 decimals for the amount.",
  amountPositive: "Enter an amount above zero.",
  amountTooLarge: "The most you can move at once is GH₵1,000,000.00.",
  idempotencyKeyReused: "This idempotency key was already used for a different request.",
} as const;

export const exitTooEarly = (opensOn: string) => `Early exit opens one month after the batch starts, on ${opensOn}.`;
export const exitTooMany = (max: number) => `You can offer at most ${max} units for early exit.`;
export const autoReinvestEnded = (investmentId: number) => `Investment #${investmentId} has ended; auto-reinvest applies to active holdings only.`;
export const batchClosedFor = (batchId: number) => `Batch #${batchId} is no longer open for investment.`;
export const batchSoldOut = (batchId: number) => `Batch #${batchId} is sold out: no units are available right now.`;
export const alreadyPaid = (batchId: number, period: string) => `Batch #${batchId} was already paid for ${period}; nothing was paid.`;

/** Signing in and registering. */
export const INVALID_CREDENTIALS = "Wrong email or password.";
export const EMAIL_TAKEN = "An account with this email already exists.";
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please try again later.";

/** A farm's daily log and its photos. */
export const FARM_LOG_MESSAGES = {
  dateFormat: "Give the date as YYYY-MM-DD.",
  dateFuture: "The log date cannot be in the future.",
  eggsForEggBatches: "Eggs collected are recorded for egg batches only.",
  weightForChickenBatches: "Average weight is recorded for chicken batches only.",
  eggsAboveBirds: "Eggs collected cannot be more than birds alive (a hen lays at most one egg a day).",
  incidentDescription: "Describe the incident.",
  duplicate: (date: string, batchId: number) => `Batch #${batchId} already has a log for ${date}.`,
  notImage: (name: string) => `${name} is not a JPEG or PNG image.`,
  tooLarge: (name: string) => `${name} is larger than 2 MB.`,
  tooMany: (max: number) => `Attach at most ${max} photos.`,
  tooManyForLog: (room: number) => (room > 0 ? `This log has room for ${room} more photo${room === 1 ? "" : "s"}.` : "This log already has all the photos it can keep."),
} as const;
