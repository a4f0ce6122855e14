ALTER TABLE "sign_in_attempts" ADD COLUMN "refused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_attempts" ADD COLUMN "account_exists" boolean DEFAULT true NOT NULL;