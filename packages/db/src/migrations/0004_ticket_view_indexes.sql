DROP INDEX "messages_customer_idx";--> statement-breakpoint
DROP INDEX "tickets_closed_by_idx";--> statement-breakpoint
CREATE INDEX "messages_customer_idx" ON "messages" USING btree ("customer_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "tickets_closed_by_idx" ON "tickets" USING btree ("closed_by","closed_at","id") WHERE state = 'closed';