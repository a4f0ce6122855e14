CREATE TABLE "message_attachments" (
	"message_id" bigint NOT NULL,
	"document_id" bigint NOT NULL,
	CONSTRAINT "message_attachments_message_id_document_id_pk" PRIMARY KEY("message_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dnc_reason" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dnc_context" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dnc_employee_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dnc_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dnl_reason" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dnl_context" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dnl_employee_id" integer;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dnl_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_dnc_employee_id_employees_id_fk" FOREIGN KEY ("dnc_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_dnl_employee_id_employees_id_fk" FOREIGN KEY ("dnl_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_referrer_idx" ON "customers" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "customers_name_lower_idx" ON "customers" USING btree (lower("last_name") text_pattern_ops,lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_full_name_trgm_idx" ON "customers" USING gist (lower("first_name" || ' ' || "last_name") gist_trgm_ops);