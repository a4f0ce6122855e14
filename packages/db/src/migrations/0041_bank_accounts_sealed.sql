ALTER TABLE "bank_accounts" ADD COLUMN "numbers_sealed" text;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "account_last4" text;--> statement-breakpoint
-- Written by hand (issue 41, decision 070), as migration 0011 did for SSNs: the plain columns go
-- now, and the numbers they held wait in numbers_sealed as `<routing>:<account>`, without the
-- sealed format's prefix; the next start seals them (sealStoredBankAccounts). The key never
-- reaches the database. The last four digits are kept now: they are what screens show.
UPDATE "bank_accounts" SET "numbers_sealed" = "routing_number" || ':' || "account_number", "account_last4" = right("account_number", 4);--> statement-breakpoint
ALTER TABLE "bank_accounts" ALTER COLUMN "numbers_sealed" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" ALTER COLUMN "account_last4" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_accounts" DROP COLUMN "account_number";--> statement-breakpoint
ALTER TABLE "bank_accounts" DROP COLUMN "routing_number";--> statement-breakpoint
CREATE INDEX "bank_accounts_unsealed_idx" ON "bank_accounts" USING btree ("id") WHERE "bank_accounts"."numbers_sealed" not like 'gcm1:%';
