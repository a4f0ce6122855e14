ALTER TABLE "loans" ADD COLUMN "approved_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "appealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "alert_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "lock_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "lock_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand (issue 11): refunds, credits and settlements need their own permissions. The role
-- that holds them is made here too, and given to whoever already holds payments_admin, so an
-- installation that started before this change keeps the powers its payment admins had in mind.
INSERT INTO "roles" ("name", "permissions") VALUES ('loan_adjustments', '{payments.refund,loans.credit,loans.settle}') ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "employee_roles" ("employee_id", "role_id")
  SELECT er."employee_id", adjust."id" FROM "employee_roles" er
  JOIN "roles" admin ON admin."id" = er."role_id" AND admin."name" = 'payments_admin'
  CROSS JOIN "roles" adjust WHERE adjust."name" = 'loan_adjustments'
  ON CONFLICT DO NOTHING;
