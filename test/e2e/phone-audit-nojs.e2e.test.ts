// The phone audit without JavaScript (test/e2e/phone-audit.ts).
import { NO_JAVASCRIPT } from "../support/browser";
import { definePhoneAudit } from "./phone-audit";

definePhoneAudit(NO_JAVASCRIPT);
