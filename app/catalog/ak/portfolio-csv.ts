import type { portfolioCsv as english } from "~/catalog/en/portfolio-csv";
import type { TwiTexts } from "~/catalog/ak/types";

/** The columns of the investor's downloads, in Twi. */
export const portfolioCsv: TwiTexts<typeof english> = {
  "portfolioCsv.investments.id": "Sikahyɛ ID",
  "portfolioCsv.investments.batchId": "Nkokɔ kuw ID",
  "portfolioCsv.investments.units": "Kyɛfa",
  "portfolioCsv.investments.amount": "Sika (GHS)",
  "portfolioCsv.investments.status": "Tebea",
  "portfolioCsv.investments.createdAt": "Da",
  "portfolioCsv.investments.unitsHeld": "Kyɛfa a wowɔ",
  "portfolioCsv.investments.costHeld": "Ne bo (GHS)",
  "portfolioCsv.investments.unitsExited": "Kyɛfa a woafi mu",
  "portfolioCsv.payouts.id": "Akatua ID",
  "portfolioCsv.payouts.amount": "Sika",
  "portfolioCsv.payouts.kind": "Ɛyɛ dɛn",
  "portfolioCsv.payouts.date": "Da",
  "portfolioCsv.statement.date": "Da",
  "portfolioCsv.statement.kind": "Ɛyɛ dɛn",
  "portfolioCsv.statement.description": "Ho nsɛm",
  "portfolioCsv.statement.amount": "Sika (GHS)",
  "portfolioCsv.statement.balanceAfter": "Nea aka akyire (GHS)",
  "portfolioCsv.tax.month": "Bosome",
  "portfolioCsv.tax.payer": "Nea ɔtuaeɛ",
  "portfolioCsv.tax.payerTin": "Nea ɔtuaeɛ TIN",
  "portfolioCsv.tax.payee": "Nea wɔtuaa no",
  "portfolioCsv.tax.pin": "Ghana Card PIN",
  "portfolioCsv.tax.gross": "Ne nyinaa (GHS)",
  "portfolioCsv.tax.tax": "Towa a wɔtwa fi mu (GHS)",
  "portfolioCsv.tax.net": "Nea aka (GHS)",
  "portfolioCsv.tax.total": "Ne nyinaa",
};
