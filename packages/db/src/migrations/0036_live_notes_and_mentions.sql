-- Written by hand (issue 40, decisions 062 and 063): notes and mentions on the live stream. A note's
-- audit event ('note', its id) reaches whoever has its ticket or its customer open, and a mention
-- tells the employee mentioned to refetch their inbox and count (one notice per employee per
-- transaction, to their streams only).
CREATE OR REPLACE FUNCTION live_customer_of(entity_type text, entity_id text) RETURNS bigint LANGUAGE plpgsql STABLE AS $$
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
		WHEN 'note' THEN RETURN (
			SELECT coalesce(n.customer_id, t.customer_id) FROM notes n LEFT JOIN tickets t ON t.id = n.ticket_id WHERE n.id = record_id);
		ELSE RETURN NULL;
	END CASE;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_live_audit_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	topics text[];
	customer bigint;
	ticket bigint;
BEGIN
	IF NEW.entity_id IS NULL OR NEW.action ~ '[._](revealed|downloaded|built|viewed|exported)$' THEN RETURN NULL; END IF;
	topics := ARRAY[NEW.entity_type || ':' || NEW.entity_id];
	customer := live_customer_of(NEW.entity_type, NEW.entity_id);
	IF customer IS NOT NULL AND NEW.entity_type <> 'customer' THEN topics := topics || ('customer:' || customer); END IF;
	-- A note on a ticket is a change of the ticket.
	IF NEW.entity_type = 'note' AND NEW.entity_id ~ '^[0-9]{1,18}$' THEN
		ticket := (SELECT ticket_id FROM notes WHERE id = NEW.entity_id::bigint);
		IF ticket IS NOT NULL THEN topics := topics || ('ticket:' || ticket); END IF;
	END IF;
	PERFORM pg_notify('portal_live', json_build_object(
		'k', 'change', 't', topics, 'by', NEW.employee_id, 'at', NEW.created_at, 'a', NEW.action)::text);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION notify_live_mentions() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE mentioned integer;
BEGIN
	FOR mentioned IN SELECT DISTINCT employee_id FROM changed_mentions LIMIT 1000 LOOP
		PERFORM pg_notify('portal_live', json_build_object('k', 'refresh', 't', ARRAY['mentions'], 'e', mentioned)::text);
	END LOOP;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER note_mentions_live_inserts AFTER INSERT ON note_mentions
	REFERENCING NEW TABLE AS changed_mentions
	FOR EACH STATEMENT EXECUTE FUNCTION notify_live_mentions();
--> statement-breakpoint
-- Read in another tab: the count on every tab of theirs follows.
CREATE TRIGGER note_mentions_live_updates AFTER UPDATE ON note_mentions
	REFERENCING NEW TABLE AS changed_mentions
	FOR EACH STATEMENT EXECUTE FUNCTION notify_live_mentions();
