ALTER TABLE "messages" ADD COLUMN "sending_path" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "legally_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answers_message_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "door_passed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "mailed_by" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_mailed_by_employees_id_fk" FOREIGN KEY ("mailed_by") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_answers_idx" ON "messages" USING btree ("answers_message_id") WHERE answers_message_id is not null;--> statement-breakpoint
CREATE INDEX "messages_notices_to_mail_idx" ON "messages" USING btree ("created_at") WHERE legally_required and status = 'undelivered' and mailed_at is null;--> statement-breakpoint
-- Written by hand (issue 37): lifting a duty is the compliance role's (a new permission beside the
-- evidence pack); uploading bankruptcy notices, which match customers by SSN, is a new bankruptcy
-- role's, given to the staff administrators (who hand it on from /admin/staff).
UPDATE "roles" SET "permissions" = array_append("permissions", 'customers.lift_duties')
  WHERE "name" = 'compliance' AND NOT ('customers.lift_duties' = ANY("permissions"));--> statement-breakpoint
INSERT INTO "roles" ("name", "permissions") VALUES ('bankruptcy', '{bankruptcy.create_notices}')
  ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "employee_roles" ("employee_id", "role_id")
  SELECT er."employee_id", granted."id" FROM "employee_roles" er
  JOIN "roles" held ON held."id" = er."role_id" AND held."name" = 'staff_admin'
  JOIN "roles" granted ON granted."name" = 'bankruptcy'
  ON CONFLICT DO NOTHING;
