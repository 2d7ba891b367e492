import { describe, expect, it } from "vitest";
import { gsm7Length } from "~/domain/notices";
import { fitted, fits, option, page, screen, screenLength, squeezed, USSD_SCREEN_MAX } from "~/ussd/screen";

describe("a USSD screen", () => {
  it("is written in GSM-7, one line per line, spaces made one, blank lines dropped", () => {
    const s = screen("balance", ["Sika kotoku:  GH₵1,234.50", "", "  Mfasoɔ — wɔatwa towa akyi ", option(0, "San kɔ")], "text");
    expect(s).toEqual({ name: "balance", input: "text", text: "Sika kotoku: GHS 1,234.50\nMfasoo - woatwa towa akyi\n0. San ko" });
    expect(screen("timedOut", ["Bye"], null).input).toBeNull();
  });

  it("holds 182 GSM-7 characters and no more: a longer one is a bug, refused where it is made", () => {
    const full = "x".repeat(USSD_SCREEN_MAX);
    expect(screen("full", [full], "text").text).toBe(full);
    expect(() => screen("over", [`${full}x`], "text")).toThrow('The USSD screen "over" takes 183 characters; a screen holds 182.');
    // GSM-7's escaped characters take two places each.
    expect(() => screen("euros", ["€".repeat(92)], "text")).toThrow(/takes 184 characters/);
    expect(screenLength(["ab", "cd"])).toBe(5);
  });

  it("drops optional lines, the least needed first, until the rest fits", () => {
    const long = "y".repeat(80);
    expect(fitted(["a", { line: "b", drop: 1 }, "c"])).toEqual(["a", "b", "c"]);
    const lines = fitted([long, { line: long, drop: 2 }, { line: long, drop: 1 }, "prompt"]);
    expect(lines).toEqual([long, long, "prompt"]);
    expect(fits(lines)).toBe(true);
    expect(fitted([long, { line: long, drop: 1 }, { line: long, drop: 2 }, long])).toEqual([long, long]);
  });

  it("cuts a name to the room a list gives it, marked as cut (on a word when one ends late enough)", () => {
    expect(squeezed("Dormaa Ahenkro Poultry", 10)).toBe("Dormaa...");
    expect(squeezed("Dormaa Ahenkro Poultry", 20)).toBe("Dormaa Ahenkro...");
    expect(squeezed("Techiman Agro", 10)).toBe("Techima...");
    expect(squeezed("Kumasi Farm", 7)).toBe("Kuma...");
    expect(squeezed("Kumasi Farm", 11)).toBe("Kumasi Farm");
    expect(squeezed("Ejisu", 20)).toBe("Ejisu");
    expect(squeezed("Ejisu", 4)).toBe("E...");
    expect(squeezed("Ejisu", 3)).toBe("");
    expect(squeezed("Ejisu", 0)).toBe("");
  });

  it("pages a list: as many items as fit (at most `most`), names cut before an item goes to the next page", () => {
    const names = ["Dormaa Ahenkro Layers Cooperative", "Techiman Broiler Growers", "Kumasi", "Nsawam Egg House", "Tamale Poultry Enterprise", "Sunyani"];
    const foot = (more: boolean) => (more ? ["9. More", "0. Back"] : ["0. Back"]);
    // A batch line at the usual figures: five to a screen, the heading left out for them, names cut to 7 with their mark.
    const usual = (i: number, squeeze: number) => option((i % 5) + 1, `Egg ${squeezed(names[i], squeeze)} GHS 100.00 1%/mo`);
    const first = page({ count: names.length, start: 0, most: 5, head: ["Open batches:"], headFirst: false, item: usual, foot });
    expect(first.shown).toBe(5);
    expect(first.lines).toEqual([
      "1. Egg Dorm... GHS 100.00 1%/mo",
      "2. Egg Tech... GHS 100.00 1%/mo",
      "3. Egg Kumasi GHS 100.00 1%/mo",
      "4. Egg Nsaw... GHS 100.00 1%/mo",
      "5. Egg Tama... GHS 100.00 1%/mo",
      "9. More",
      "0. Back",
    ]);
    const second = page({ count: names.length, start: 5, most: 5, head: ["Open batches:"], headFirst: false, item: usual, foot });
    expect(second).toEqual({ lines: ["Open batches:", "1. Egg Sunyani GHS 100.00 1%/mo", "0. Back"], shown: 1 });
    // Longer lines: fewer to a screen (never a name cut below 7 characters while two share it).
    const long = (i: number, squeeze: number) => option(i + 1, `Chicken ${squeezed(names[i], squeeze)} GHS 1,000.00 12.5%/cycle`);
    const fewer = page({ count: names.length, start: 0, most: 5, head: ["Open batches:"], headFirst: false, item: long, foot });
    expect(fewer.shown).toBe(3);
    expect(fits(fewer.lines)).toBe(true);
    // The heading first where it says what the figures are (holdings: after tax).
    const kept = page({ count: names.length, start: 0, most: 5, head: ["Next payouts, after tax:"], item: usual, foot });
    expect(kept.lines[0]).toBe("Next payouts, after tax:");
    expect(kept.shown).toBe(4);
  });

  it("keeps the heading unless not even one item fits with it, and gives up (a bug) when one item cannot fit at all", () => {
    const wide = (i: number, squeeze: number) => option(i + 1, `${squeezed("n".repeat(60), squeeze)} ${"w".repeat(70)}`);
    const one = page({ count: 3, start: 0, most: 5, head: ["h".repeat(105)], item: wide, foot: () => ["0. Back"] });
    expect(one.shown).toBe(2);
    expect(one.lines[0]).toMatch(/^1\. n+\.\.\. w+$/);
    // With room for the heading and one item (its name left out), the heading stays.
    const headed = page({ count: 3, start: 0, most: 5, head: ["h".repeat(100)], item: wide, foot: () => ["0. Back"] });
    expect(headed).toEqual({ lines: ["h".repeat(100), `1.  ${"w".repeat(70)}`, "0. Back"], shown: 1 });
    expect(fits(headed.lines)).toBe(true);
    expect(fits(one.lines)).toBe(true);
    const impossible = page({ count: 1, start: 0, most: 5, head: [], item: () => "z".repeat(200), foot: () => [] });
    expect(() => screen("list", impossible.lines, "text")).toThrow(/takes 200 characters/);
    expect(gsm7Length(impossible.lines.join("\n"))).toBe(200);
  });
});
