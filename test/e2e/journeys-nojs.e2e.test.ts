// The journeys without JavaScript, and the weight of every page they visit (test/e2e/journeys.ts).
import { NO_JAVASCRIPT } from "../support/browser";
import { defineJourneys } from "./journeys";

defineJourneys(NO_JAVASCRIPT, { weigh: true });
