import { describe, expect, it } from "vitest";
import { DomainError } from "~/domain/errors";
import { malformedPinAttempt, PIN_LOCK_MINUTES, pinLockEnd, pinLockHolds, pinRefusalMessage, pinWeakness, readNewPin, readPinAttempt } from "~/domain/pin";

const why = (pin: string) => pinWeakness(pin)?.msg ?? null;

describe("the PIN's rules", () => {
  it("takes 4 to 6 digits that are not one digit repeated and not a run", () => {
    for (const pin of ["4071", "1357", "28460", "530917", "1123", "1243", "9875", "8080", "2580"]) expect(why(pin), pin).toBeNull();
  });

  it("refuses anything but 4 to 6 ASCII digits", () => {
    for (const pin of ["", "407", "4071593", "40a1", "40 71", "-4071", "4071.", "٤٠٧١", "４０７１", "4071\n"]) expect(why(pin), JSON.stringify(pin)).toBe("refusals.pinFormat");
    expect(pinWeakness("12")?.params).toEqual({ min: 4, max: 6 });
  });

  it("refuses one digit repeated", () => {
    for (const pin of ["0000", "1111", "77777", "999999"]) expect(why(pin), pin).toBe("refusals.pinOneDigit");
  });

  it("refuses runs up and down, also across 9 and 0 as on a keypad's row", () => {
    for (const pin of ["1234", "2345", "6789", "012345", "123456", "456789", "7890", "8901", "90123"]) expect(why(pin), pin).toBe("refusals.pinRun");
    for (const pin of ["9876", "4321", "3210", "543210", "987654", "0987", "1098", "21098"]) expect(why(pin), pin).toBe("refusals.pinRun");
    // Nearly runs are PINs: one step out of line breaks the run.
    for (const pin of ["1235", "1324", "9865", "2468", "1357"]) expect(why(pin), pin).toBeNull();
  });
});

describe("reading a PIN", () => {
  it("reads a new PIN with the spaces around it dropped, and refuses a weak one beside its field with a 422", () => {
    expect(readNewPin(" 4071 ")).toBe("4071");
    const refusal = (() => {
      try {
        readNewPin("1234", "new_pin");
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ status: 422, field: "new_pin", ref: { msg: "refusals.pinRun" } });
    for (const bad of [null, undefined, 4071, {}]) expect(() => readNewPin(bad), String(bad)).toThrow(DomainError);
  });

  it("reads an attempt as typed, whatever it is (a wrong one is simply wrong)", () => {
    expect(readPinAttempt(" 4071 ")).toBe("4071");
    expect(readPinAttempt(4071)).toBe("");
    expect(readPinAttempt("9".repeat(500))).toHaveLength(64);
  });

  it("tells a guess that cannot be a PIN (empty, letters, too short or long) from one that may be, weak or not", () => {
    for (const guess of ["", "abc", "12", "407", "4071593", "40a1", "40 71", "٤٠٧١"])
      expect(malformedPinAttempt(guess), JSON.stringify(guess)).toEqual({ msg: "refusals.pinFormat", params: { min: 4, max: 6 } });
    // A weak PIN could not be set, but checking it costs a try as any wrong PIN does.
    for (const guess of ["4071", "530917", "0000", "1234"]) expect(malformedPinAttempt(guess), guess).toBeNull();
  });
});

describe("the lock", () => {
  it("lasts 30 minutes, to the whole minute after", () => {
    expect(PIN_LOCK_MINUTES).toBe(30);
    expect(pinLockEnd(Date.parse("2026-11-26T14:05:20.500Z"))).toBe("2026-11-26T14:36:00.000Z");
    expect(pinLockEnd(Date.parse("2026-11-26T14:05:00.000Z"))).toBe("2026-11-26T14:35:00.000Z");
  });

  it("holds until its end and not after", () => {
    expect(pinLockHolds(null, "2026-11-26T14:00:00.000Z")).toBe(false);
    expect(pinLockHolds("2026-11-26T14:36:00.000Z", "2026-11-26T14:35:59.999Z")).toBe(true);
    expect(pinLockHolds("2026-11-26T14:36:00.000Z", "2026-11-26T14:36:00.000Z")).toBe(false);
  });

  it("says how many tries are left, and until when a lock holds", () => {
    expect(pinRefusalMessage({ reason: "wrong", triesLeft: 2 })).toEqual({ msg: "refusals.pinWrong", params: { count: 2, minutes: 30 } });
    expect(pinRefusalMessage({ reason: "locked", until: "2026-11-26T14:36:00.000Z" })).toEqual({ msg: "refusals.pinLocked", params: { tries: 3, until: "2026-11-26 14:36 UTC" } });
    expect(pinRefusalMessage({ reason: "no-pin" }).msg).toBe("refusals.noPin");
    expect(pinRefusalMessage({ reason: "busy" }).msg).toBe("rules.tooManyAttempts");
  });
});
