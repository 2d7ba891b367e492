/** A count of units as an investor reads it: "1 unit", "0 units", "1,500 units". */
export function unitsText(n: number): string {
  return `${n.toLocaleString("en-GH")} ${n === 1 ? "unit" : "units"}`;
}
