-- An early-exit offer over several holdings is one request per holding; offer_id names the offer's
-- first request on the others (null: the first, or an offer of one holding), so the offer's fee is
-- shared over all its fills and they add up to what the dialog quoted. Requests made before are each their own.
ALTER TABLE "exit_requests" ADD COLUMN "offer_id" bigint;
