import type { Translate } from "~/catalog/index.server";

/** The header row of each download, in the reader's language (word for word in English, docs/rules.md#product-constants). */
export const investmentCsvHeaders = (t: Translate) => [
  t("portfolioCsv.investments.id"),
  t("portfolioCsv.investments.batchId"),
  t("portfolioCsv.investments.units"),
  t("portfolioCsv.investments.amount"),
  t("portfolioCsv.investments.status"),
  t("portfolioCsv.investments.createdAt"),
  t("portfolioCsv.investments.unitsHeld"),
  t("portfolioCsv.investments.costHeld"),
  t("portfolioCsv.investments.unitsExited"),
];

export const payoutCsvHeaders = (t: Translate) => [
  t("portfolioCsv.payouts.id"),
  t("portfolioCsv.payouts.amount"),
  t("portfolioCsv.payouts.kind"),
  t("portfolioCsv.payouts.date"),
  t("portfolioCsv.payouts.tax"),
  t("portfolioCsv.payouts.net"),
];

export const statementCsvHeaders = (t: Translate) => [
  t("portfolioCsv.statement.date"),
  t("portfolioCsv.statement.kind"),
  t("portfolioCsv.statement.description"),
  t("portfolioCsv.statement.amount"),
  t("portfolioCsv.statement.balanceAfter"),
];

export const taxCsvHeaders = (t: Translate) => [
  t("portfolioCsv.tax.month"),
  t("portfolioCsv.tax.payer"),
  t("portfolioCsv.tax.payerTin"),
  t("portfolioCsv.tax.payee"),
  t("portfolioCsv.tax.pin"),
  t("portfolioCsv.tax.gross"),
  t("portfolioCsv.tax.tax"),
  t("portfolioCsv.tax.net"),
];
