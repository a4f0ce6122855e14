ALTER TABLE "customers" ADD COLUMN "ssn_sealed" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "ssn_hash" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "ssn_last4" text;--> statement-breakpoint
-- Written by hand (decision 023): the plain column goes now, and the numbers it held wait in
-- ssn_sealed without the sealed format's prefix; the next start seals them and fills ssn_hash and
-- ssn_last4 (sealStoredSsns), as for MFA secrets. The key never reaches the database.
UPDATE "customers" SET "ssn_sealed" = "ssn" WHERE "ssn" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" DROP COLUMN "ssn";--> statement-breakpoint
CREATE INDEX "customers_ssn_hash_idx" ON "customers" USING btree ("ssn_hash");--> statement-breakpoint
CREATE INDEX "customers_ssn_unsealed_idx" ON "customers" USING btree ("id") WHERE "customers"."ssn_sealed" not like 'gcm1:%';
