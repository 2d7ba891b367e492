/** What the admin pages say: confirm prompts, fallback messages, how long a message shows. */
/** SPEC.md section 9: the admin message fades after 4 seconds. */
export const ADMIN_MESSAGE_MS = 4000;

export const DELETE_BATCH_PROMPT = "Delete this batch?";
export const EXECUTE_PAYOUT_PROMPT = "Execute real payouts?";
export const CLOSE_BATCH_PROMPT = "Close this egg batch and return the principal?";

/** SPEC.md section 8's fallbacks, when the server has no detail to give. */
export const ADMIN_FALLBACK = {
  load: "Failed to load admin data.",
  farm: "Failed to create farm.",
  batch: "Failed to create batch.",
  delete: "Failed to delete batch.",
  activate: "Activation failed.",
  simulate: "Simulation failed.",
  execute: "Execution failed.",
  close: "Failed to close batch.",
  log: "Failed to save the daily log.",
  content: "Failed to save the page.",
} as const;

export const HOW_IT_WORKS_SLUG = "how-it-works";
