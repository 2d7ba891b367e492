// The journeys with JavaScript (test/e2e/journeys.ts).
import { WITH_JAVASCRIPT } from "../support/browser";
import { defineJourneys } from "./journeys";

defineJourneys(WITH_JAVASCRIPT);
