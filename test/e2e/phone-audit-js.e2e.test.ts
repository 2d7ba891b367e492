// The phone audit with JavaScript (test/e2e/phone-audit.ts).
import { WITH_JAVASCRIPT } from "../support/browser";
import { definePhoneAudit } from "./phone-audit";

definePhoneAudit(WITH_JAVASCRIPT);
