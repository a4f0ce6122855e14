-- Snooze (issue 40, decision 064): the columns, the queue index leaves snoozed tickets out, and the index the due-snooze sweep reads.
DROP INDEX "tickets_queue_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "snoozed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "snoozed_by" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "snooze_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "snooze_end_reason" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_snoozed_by_employees_id_fk" FOREIGN KEY ("snoozed_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_snoozed_idx" ON "tickets" USING btree ("snoozed_until") WHERE snoozed_at is not null;--> statement-breakpoint
CREATE INDEX "tickets_queue_idx" ON "tickets" USING btree ("created_at") WHERE state = 'open' and archived_at is null and escalated_at is null and snoozed_at is null;