-- Issue 39: clocks from the right day and records an examiner can use.
-- When a debit was sent, kept when a return clears processing_at (12 CFR 1041.8(b)'s order). Older
-- payments have none: the withdrawal history falls back to their dates, as before.
ALTER TABLE "payments" ADD COLUMN "presented_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payments" SET "presented_at" = "processing_at" WHERE "processing_at" IS NOT NULL;--> statement-breakpoint
-- When the provider accepted a message (the duty audit replays deliveries by it). A message sent
-- before this change is dated by its last pass of the door, or by its creation.
ALTER TABLE "messages" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
UPDATE "messages" SET "sent_at" = coalesce("door_passed_at", "created_at") WHERE "status" = 'sent' AND NOT "inbound";--> statement-breakpoint
-- The day a dispute letter reached us (12 CFR 1022.43(e)(3)); the letters already uploaded were
-- received the day they were uploaded, in the default business time zone (README: BUSINESS_TIME_ZONE).
ALTER TABLE "disputes" ADD COLUMN "letter_received_on" date;--> statement-breakpoint
UPDATE "disputes" SET "letter_received_on" = ("received_at" AT TIME ZONE 'America/Los_Angeles')::date;--> statement-breakpoint
ALTER TABLE "disputes" ALTER COLUMN "letter_received_on" SET NOT NULL;--> statement-breakpoint
-- The bureau's own Response Due Date of an ACDV (e-OSCAR), when its file carried one.
ALTER TABLE "acdv_requests" ADD COLUMN "bureau_response_due_on" date;--> statement-breakpoint
CREATE INDEX "payments_presented_idx" ON "payments" USING btree ("presented_at") WHERE presented_at is not null;--> statement-breakpoint
CREATE INDEX "messages_sent_idx" ON "messages" USING btree ("sent_at") WHERE sent_at is not null;
