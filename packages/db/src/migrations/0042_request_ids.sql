ALTER TABLE "messages" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "request_id" text;