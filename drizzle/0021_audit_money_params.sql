-- Audit details stored their amounts as cedis text ("1200.50") with "GHS" in the template; the
-- templates now take money parameters (pesewas, formatted for the reader). Rewrite the rows stored
-- with ids since then so they read the same amount.
UPDATE `audit_log` SET `detail_params` = json_set(`detail_params`, '$.amount', json_object('money', CAST(ROUND(CAST(json_extract(`detail_params`, '$.amount') AS REAL) * 100) AS INTEGER)))
WHERE `detail_id` IN ('auditDetail.remittance', 'auditDetail.reserveFundFromFees', 'auditDetail.reserveFundFromOutside', 'auditDetail.reserveDraw', 'auditDetail.batchActivate', 'auditDetail.taxPayment', 'auditDetail.payout', 'auditDetail.principalReturned')
  AND json_type(`detail_params`, '$.amount') = 'text';--> statement-breakpoint
UPDATE `audit_log` SET `detail_params` = json_set(`detail_params`, '$.price', json_object('money', CAST(ROUND(CAST(json_extract(`detail_params`, '$.price') AS REAL) * 100) AS INTEGER)))
WHERE `detail_id` = 'auditDetail.batchCreate' AND json_type(`detail_params`, '$.price') = 'text';--> statement-breakpoint
UPDATE `audit_log` SET `detail_params` = json_set(`detail_params`, '$.tax.params.amount', json_object('money', CAST(ROUND(CAST(json_extract(`detail_params`, '$.tax.params.amount') AS REAL) * 100) AS INTEGER)))
WHERE `detail_id` IN ('auditDetail.payout', 'auditDetail.principalReturned') AND json_type(`detail_params`, '$.tax.params.amount') = 'text';--> statement-breakpoint
UPDATE `audit_log` SET `detail_params` = json_set(`detail_params`, '$.reserve.params.amount', json_object('money', CAST(ROUND(CAST(json_extract(`detail_params`, '$.reserve.params.amount') AS REAL) * 100) AS INTEGER)))
WHERE `detail_id` IN ('auditDetail.payout', 'auditDetail.principalReturned') AND json_type(`detail_params`, '$.reserve.params.amount') = 'text';
