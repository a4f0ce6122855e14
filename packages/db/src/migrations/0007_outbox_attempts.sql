ALTER TABLE "messages" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_outbox_idx" ON "messages" USING btree ("next_attempt_at","id") WHERE status = 'queued' and not inbound;--> statement-breakpoint
-- Messages already waiting in the outbox are sent by the worker as soon as a provider is there.
UPDATE "messages" SET "next_attempt_at" = "created_at" WHERE "status" = 'queued' AND NOT "inbound";
