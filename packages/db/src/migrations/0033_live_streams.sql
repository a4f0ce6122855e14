CREATE TABLE "live_presence" (
	"stream_id" text NOT NULL,
	"topic" text NOT NULL,
	CONSTRAINT "live_presence_stream_id_topic_pk" PRIMARY KEY("stream_id","topic")
);
--> statement-breakpoint
CREATE TABLE "live_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"employee_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_presence_topic_idx" ON "live_presence" USING btree ("topic");--> statement-breakpoint
-- Written by hand (issue 40, decision 063): what the live stream carries is NOTIFYed by the database
-- on the channel portal_live, in the transaction of the change, so it is sent only if the change
-- commits, whichever API process (or script) made it, and nothing in the code can forget it.
-- The customer a record belongs to, so that a change to a loan, a payment or a ticket also reaches
-- whoever has the customer's page open.
CREATE FUNCTION live_customer_of(entity_type text, entity_id text) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
DECLARE record_id bigint;
BEGIN
	IF entity_id IS NULL OR entity_id !~ '^[0-9]{1,18}$' THEN RETURN NULL; END IF;
	record_id := entity_id::bigint;
	CASE entity_type
		WHEN 'customer' THEN RETURN record_id;
		WHEN 'loan' THEN RETURN (SELECT customer_id FROM loans WHERE loans.id = record_id);
		WHEN 'payment' THEN RETURN (SELECT l.customer_id FROM payments p JOIN loans l ON l.id = p.loan_id WHERE p.id = record_id);
		WHEN 'ticket' THEN RETURN (SELECT customer_id FROM tickets WHERE tickets.id = record_id);
		WHEN 'message' THEN RETURN (SELECT customer_id FROM messages WHERE messages.id = record_id);
		WHEN 'dispute' THEN RETURN (SELECT customer_id FROM disputes WHERE disputes.id = record_id);
		WHEN 'bankruptcy_notice' THEN RETURN (SELECT customer_id FROM bankruptcy_notices WHERE bankruptcy_notices.id = record_id);
		WHEN 'acdv_request' THEN RETURN (SELECT customer_id FROM acdv_requests WHERE acdv_requests.id = record_id);
		WHEN 'identity_review' THEN RETURN (SELECT customer_id FROM identity_reviews WHERE identity_reviews.id = record_id);
		WHEN 'income_review' THEN RETURN (SELECT customer_id FROM income_reviews WHERE income_reviews.id = record_id);
		WHEN 'debit_stop' THEN RETURN (SELECT customer_id FROM debit_stops WHERE debit_stops.id = record_id);
		WHEN 'debit_authorization' THEN RETURN (SELECT customer_id FROM debit_authorizations WHERE debit_authorizations.id = record_id);
		ELSE RETURN NULL;
	END CASE;
END;
$$;
--> statement-breakpoint
-- Every audited change (convention 5) is a change someone looking at the record should hear of:
-- its record's topic, its customer's, who made it, when, and what it was. The audit also records
-- reads (an SSN revealed, a file downloaded, an evidence pack built, a list exported): actions
-- named so are not changes and notify nothing.
CREATE FUNCTION notify_live_audit_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	topics text[];
	customer bigint;
BEGIN
	IF NEW.entity_id IS NULL OR NEW.action ~ '[._](revealed|downloaded|built|viewed|exported)$' THEN RETURN NULL; END IF;
	topics := ARRAY[NEW.entity_type || ':' || NEW.entity_id];
	customer := live_customer_of(NEW.entity_type, NEW.entity_id);
	IF customer IS NOT NULL AND NEW.entity_type <> 'customer' THEN topics := topics || ('customer:' || customer); END IF;
	PERFORM pg_notify('portal_live', json_build_object(
		'k', 'change', 't', topics, 'by', NEW.employee_id, 'at', NEW.created_at, 'a', NEW.action)::text);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_live AFTER INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION notify_live_audit_event();
--> statement-breakpoint
-- A customer's message arriving changes their ticket and their page (no employee made it; nothing
-- audits it). One notification per ticket however many messages a statement inserts.
CREATE FUNCTION notify_live_inbound_messages() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE arrived record;
BEGIN
	FOR arrived IN
		SELECT ticket_id, customer_id, max(created_at) AS at FROM inserted_messages
		WHERE inbound GROUP BY ticket_id, customer_id LIMIT 100
	LOOP
		PERFORM pg_notify('portal_live', json_build_object(
			'k', 'change',
			't', array_remove(ARRAY['ticket:' || arrived.ticket_id, 'customer:' || arrived.customer_id], NULL),
			'by', NULL, 'at', arrived.at, 'a', 'message.received')::text);
	END LOOP;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_live AFTER INSERT ON messages
	REFERENCING NEW TABLE AS inserted_messages
	FOR EACH STATEMENT EXECUTE FUNCTION notify_live_inbound_messages();
--> statement-breakpoint
-- A queue's list changed: its screens refetch. Identical notifications of one transaction are sent
-- once by PostgreSQL, so a bulk import is one. Lease renewals (lease_expires_at alone) change no
-- one's list and notify nothing (else every poll that renews would make every screen refetch); the
-- ticket queue ignores who holds a ticket as well, since no agent's list shows another's tickets.
CREATE FUNCTION notify_live_queue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('portal_live', json_build_object('k', 'refresh', 't', ARRAY['queue:' || TG_ARGV[0]])::text);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_live_queue AFTER INSERT OR DELETE ON tickets FOR EACH ROW EXECUTE FUNCTION notify_live_queue('tickets');
--> statement-breakpoint
CREATE TRIGGER tickets_live_queue_changes AFTER UPDATE ON tickets FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'assigned_to' - 'lease_expires_at') IS DISTINCT FROM (to_jsonb(NEW) - 'assigned_to' - 'lease_expires_at'))
	EXECUTE FUNCTION notify_live_queue('tickets');
--> statement-breakpoint
CREATE TRIGGER disputes_live_queue AFTER INSERT OR DELETE ON disputes FOR EACH ROW EXECUTE FUNCTION notify_live_queue('disputes');
--> statement-breakpoint
CREATE TRIGGER disputes_live_queue_changes AFTER UPDATE ON disputes FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'lease_expires_at') IS DISTINCT FROM (to_jsonb(NEW) - 'lease_expires_at'))
	EXECUTE FUNCTION notify_live_queue('disputes');
--> statement-breakpoint
CREATE TRIGGER bankruptcy_notices_live_queue AFTER INSERT OR DELETE ON bankruptcy_notices FOR EACH ROW EXECUTE FUNCTION notify_live_queue('bankruptcy_notices');
--> statement-breakpoint
CREATE TRIGGER bankruptcy_notices_live_queue_changes AFTER UPDATE ON bankruptcy_notices FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'lease_expires_at') IS DISTINCT FROM (to_jsonb(NEW) - 'lease_expires_at'))
	EXECUTE FUNCTION notify_live_queue('bankruptcy_notices');
--> statement-breakpoint
CREATE TRIGGER acdv_requests_live_queue AFTER INSERT OR DELETE ON acdv_requests FOR EACH ROW EXECUTE FUNCTION notify_live_queue('acdv_requests');
--> statement-breakpoint
CREATE TRIGGER acdv_requests_live_queue_changes AFTER UPDATE ON acdv_requests FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'lease_expires_at') IS DISTINCT FROM (to_jsonb(NEW) - 'lease_expires_at'))
	EXECUTE FUNCTION notify_live_queue('acdv_requests');
--> statement-breakpoint
CREATE TRIGGER identity_reviews_live_queue AFTER INSERT OR DELETE ON identity_reviews FOR EACH ROW EXECUTE FUNCTION notify_live_queue('identity_reviews');
--> statement-breakpoint
CREATE TRIGGER identity_reviews_live_queue_changes AFTER UPDATE ON identity_reviews FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'lease_expires_at') IS DISTINCT FROM (to_jsonb(NEW) - 'lease_expires_at'))
	EXECUTE FUNCTION notify_live_queue('identity_reviews');
--> statement-breakpoint
CREATE TRIGGER income_reviews_live_queue AFTER INSERT OR DELETE ON income_reviews FOR EACH ROW EXECUTE FUNCTION notify_live_queue('income_reviews');
--> statement-breakpoint
CREATE TRIGGER income_reviews_live_queue_changes AFTER UPDATE ON income_reviews FOR EACH ROW
	WHEN ((to_jsonb(OLD) - 'lease_expires_at') IS DISTINCT FROM (to_jsonb(NEW) - 'lease_expires_at'))
	EXECUTE FUNCTION notify_live_queue('income_reviews');
