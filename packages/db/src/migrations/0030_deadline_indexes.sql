-- Issue 39: GET deadlines lists and counts each queue from an index on (due date, id).
-- A bankruptcy notice's processing target, stored as a dispute's due date is (the deadline engine
-- writes it when a notice is stored). The notices already stored are due on the second weekday
-- after the day they came (in the default business time zone, README: BUSINESS_TIME_ZONE); a federal
-- holiday in between is not skipped here, so such a notice is due a day early, never late.
ALTER TABLE "bankruptcy_notices" ADD COLUMN "due_on" date;--> statement-breakpoint
UPDATE "bankruptcy_notices" SET "due_on" = ("created_at" AT TIME ZONE 'America/Los_Angeles')::date +
  CASE extract(isodow FROM ("created_at" AT TIME ZONE 'America/Los_Angeles')::date)
    WHEN 4 THEN 4 WHEN 5 THEN 4 WHEN 6 THEN 3 ELSE 2 END;--> statement-breakpoint
ALTER TABLE "bankruptcy_notices" ALTER COLUMN "due_on" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "bankruptcy_notices_due_idx" ON "bankruptcy_notices" USING btree ("due_on","id") WHERE "bankruptcy_notices"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "disputes_frivolous_notice_due_idx" ON "disputes" USING btree ("due_date","id") WHERE "disputes"."frivolous_at" is not null and "disputes"."frivolous_notice_sent_at" is null;--> statement-breakpoint
DROP INDEX "acdv_requests_unanswered_idx";--> statement-breakpoint
CREATE INDEX "acdv_requests_unanswered_idx" ON "acdv_requests" USING btree ("response_due_on","id") WHERE "acdv_requests"."responded_at" is null;
