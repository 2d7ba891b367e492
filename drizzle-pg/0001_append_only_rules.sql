-- The rules the ledger keeps in the database itself, as SQLite's triggers keep them (drizzle/0002,
-- 0004, 0009, 0011): the audit log, journal entries, postings, remittances and tax payments are
-- append-only (a mistake is undone by a reversal, never an edit), and an account, once opened, stays.
-- TRUNCATE skips row triggers, so each table refuses it with a statement trigger too.
CREATE FUNCTION akoko_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION akoko_refuse_change('audit_log is append-only');
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION akoko_refuse_change('audit_log is append-only');
--> statement-breakpoint
CREATE TRIGGER journal_entries_append_only BEFORE UPDATE OR DELETE ON journal_entries FOR EACH ROW EXECUTE FUNCTION akoko_refuse_change('journal_entries is append-only');
--> statement-breakpoint
CREATE TRIGGER journal_entries_no_truncate BEFORE TRUNCATE ON journal_entries FOR EACH STATEMENT EXECUTE FUNCTION akoko_refuse_change('journal_entries is append-only');
--> statement-breakpoint
CREATE TRIGGER postings_append_only BEFORE UPDATE OR DELETE ON postings FOR EACH ROW EXECUTE FUNCTION akoko_refuse_change('postings is append-only');
--> statement-breakpoint
CREATE TRIGGER postings_no_truncate BEFORE TRUNCATE ON postings FOR EACH STATEMENT EXECUTE FUNCTION akoko_refuse_change('postings is append-only');
--> statement-breakpoint
CREATE TRIGGER accounts_no_delete BEFORE DELETE ON accounts FOR EACH ROW EXECUTE FUNCTION akoko_refuse_change('accounts are never deleted');
--> statement-breakpoint
CREATE TRIGGER accounts_no_truncate BEFORE TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION akoko_refuse_change('accounts are never deleted');
--> statement-breakpoint
CREATE TRIGGER remittances_append_only BEFORE UPDATE OR DELETE ON remittances FOR EACH ROW EXECUTE FUNCTION akoko_refuse_change('remittances are append-only');
--> statement-breakpoint
CREATE TRIGGER remittances_no_truncate BEFORE TRUNCATE ON remittances FOR EACH STATEMENT EXECUTE FUNCTION akoko_refuse_change('remittances are append-only');
--> statement-breakpoint
CREATE TRIGGER tax_payments_append_only BEFORE UPDATE OR DELETE ON tax_payments FOR EACH ROW EXECUTE FUNCTION akoko_refuse_change('tax_payments are append-only');
--> statement-breakpoint
CREATE TRIGGER tax_payments_no_truncate BEFORE TRUNCATE ON tax_payments FOR EACH STATEMENT EXECUTE FUNCTION akoko_refuse_change('tax_payments are append-only');
