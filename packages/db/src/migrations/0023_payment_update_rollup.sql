CREATE TABLE "payment_update_daily_counts" (
	"day" date NOT NULL,
	"by_customer" boolean NOT NULL,
	"updates" integer NOT NULL,
	CONSTRAINT "payment_update_daily_counts_day_by_customer_pk" PRIMARY KEY("day","by_customer")
);
--> statement-breakpoint
-- Contracts' PAYMENT_UPDATE_ACTIONS (decision 036): change both together (a test compares them).
CREATE FUNCTION is_payment_update_action(action text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
	SELECT action IN ('payment.rescheduled', 'payment.method_changed', 'payment.made_larger', 'payment.made_smaller', 'payment.split')
$$;
--> statement-breakpoint
-- A payment update audited counts on its business day, by the customer when no employee made it.
-- Audit rows are written once; should one be changed or deleted all the same, its count moves with it.
CREATE FUNCTION count_payment_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND is_payment_update_action(OLD.action) THEN
		UPDATE payment_update_daily_counts SET updates = updates - 1
		WHERE day = (OLD.created_at AT TIME ZONE business_time_zone())::date AND by_customer = (OLD.employee_id IS NULL);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND is_payment_update_action(NEW.action) THEN
		INSERT INTO payment_update_daily_counts (day, by_customer, updates)
		VALUES ((NEW.created_at AT TIME ZONE business_time_zone())::date, NEW.employee_id IS NULL, 1)
		ON CONFLICT (day, by_customer) DO UPDATE SET updates = payment_update_daily_counts.updates + 1;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The WHEN clauses keep every other audit row from calling the function.
CREATE TRIGGER audit_events_payment_updates_inserted AFTER INSERT ON audit_events
	FOR EACH ROW WHEN (is_payment_update_action(NEW.action))
	EXECUTE FUNCTION count_payment_update();
--> statement-breakpoint
CREATE TRIGGER audit_events_payment_updates_changed AFTER UPDATE OF action, employee_id, created_at ON audit_events
	FOR EACH ROW WHEN (is_payment_update_action(OLD.action) OR is_payment_update_action(NEW.action))
	EXECUTE FUNCTION count_payment_update();
--> statement-breakpoint
CREATE TRIGGER audit_events_payment_updates_deleted AFTER DELETE ON audit_events
	FOR EACH ROW WHEN (is_payment_update_action(OLD.action))
	EXECUTE FUNCTION count_payment_update();
--> statement-breakpoint
-- The rollup answers update_payment_analytics now; the partial index of migration 0022 has no reader.
DROP INDEX audit_events_payment_updates_idx;
--> statement-breakpoint
-- As in migration 0022, with the payment updates counted again too.
CREATE OR REPLACE FUNCTION rebuild_business_day_rollups() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	zone text := business_time_zone();
BEGIN
	TRUNCATE message_daily_counts, employee_daily_stats, employee_daily_handling, employee_monthly_handling,
		payment_update_daily_counts;
	INSERT INTO message_daily_counts (day, type, inbound, messages)
	SELECT (created_at AT TIME ZONE zone)::date, type, inbound, count(*) FROM messages GROUP BY 1, 2, 3;
	INSERT INTO employee_daily_stats (day, employee_id, replies)
	SELECT (created_at AT TIME ZONE zone)::date, employee_id, count(*)
	FROM messages WHERE NOT inbound AND employee_id IS NOT NULL GROUP BY 1, 2;
	INSERT INTO employee_daily_stats (day, employee_id, worked)
	SELECT (first_at AT TIME ZONE zone)::date, employee_id, count(*) FROM employee_ticket_work GROUP BY 1, 2
	ON CONFLICT (day, employee_id) DO UPDATE SET worked = EXCLUDED.worked;
	PERFORM count_ticket_closes(array_agg(closed_by), array_agg(id), array_agg(created_at), array_agg(closed_at), 1)
	FROM tickets
	WHERE state = 'closed' AND closed_by IS NOT NULL AND closed_at IS NOT NULL
	HAVING count(*) > 0;
	INSERT INTO payment_update_daily_counts (day, by_customer, updates)
	SELECT (created_at AT TIME ZONE zone)::date, employee_id IS NULL, count(*)
	FROM audit_events
	WHERE is_payment_update_action(action)
	GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
-- The payment updates already audited.
INSERT INTO payment_update_daily_counts (day, by_customer, updates)
SELECT (created_at AT TIME ZONE business_time_zone())::date, employee_id IS NULL, count(*)
FROM audit_events
WHERE is_payment_update_action(action)
GROUP BY 1, 2;
--> statement-breakpoint
-- employee_ticket_analytics reads a range's rows from these indexes alone (index-only scans): the
-- days of a range lie scattered over the tables' pages, which cost more to visit than the rows.
CREATE INDEX employee_daily_stats_covering_idx ON employee_daily_stats (day, employee_id)
	INCLUDE (replies, worked, closed, handling_seconds);
--> statement-breakpoint
CREATE INDEX employee_daily_handling_covering_idx ON employee_daily_handling (day, employee_id, bucket)
	INCLUDE (tickets, handling_seconds);
--> statement-breakpoint
CREATE INDEX employee_monthly_handling_covering_idx ON employee_monthly_handling (month, employee_id, bucket)
	INCLUDE (tickets, handling_seconds);

--> statement-breakpoint
-- The auto-response texts are counted by the macro's text as written, placeholders and all ("Hi
-- {first_name}, ..."), not as filled for each customer, which listed one line per first name
-- (decision 035); the default sentence (no macro) as sent. On one line (an email's line breaks and
-- blank lines as single spaces), cut to 100 characters, '…' added when cut.
CREATE FUNCTION auto_response_text(macro integer, body text) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT CASE WHEN char_length(t) > 100 THEN left(t, 100) || '…' ELSE t END
	FROM (SELECT btrim(regexp_replace(coalesce((SELECT m.body FROM macros m WHERE m.id = macro), body), '\s+', ' ', 'g')) AS t) AS chosen
$$;
--> statement-breakpoint
-- As in migration 0021, with the text from auto_response_text().
CREATE OR REPLACE FUNCTION record_auto_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF EXISTS (SELECT 1 FROM inserted_messages WHERE inbound AND ticket_id IS NOT NULL) THEN
		WITH follows AS (
			SELECT ticket_id, min(created_at) AS at
			FROM inserted_messages
			WHERE inbound AND ticket_id IS NOT NULL
			GROUP BY ticket_id
		), followed AS (
			UPDATE tickets SET followed_up_at = follows.at
			FROM follows
			WHERE tickets.id = follows.ticket_id AND tickets.auto_responded_at IS NOT NULL
				AND tickets.followed_up_at IS NULL
			RETURNING tickets.created_at
		)
		INSERT INTO auto_response_hourly_stats (hour, followed_up)
		SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)
		FROM followed
		GROUP BY 1
		ON CONFLICT (hour) DO UPDATE SET followed_up = auto_response_hourly_stats.followed_up + EXCLUDED.followed_up;
	END IF;
	IF NOT EXISTS (SELECT 1 FROM inserted_messages WHERE auto_response AND ticket_id IS NOT NULL) THEN
		RETURN NULL;
	END IF;
	WITH firsts AS (
		SELECT DISTINCT ON (ticket_id) ticket_id, created_at AS at, auto_response_text(macro_id, body) AS text
		FROM inserted_messages
		WHERE auto_response AND ticket_id IS NOT NULL
		ORDER BY ticket_id, created_at, id
	), responded AS (
		UPDATE tickets SET auto_responded_at = firsts.at
		FROM firsts
		WHERE tickets.id = firsts.ticket_id AND tickets.auto_responded_at IS NULL
		RETURNING date_trunc('hour', tickets.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, firsts.text
	), texts AS (
		INSERT INTO auto_response_text_hourly_counts (hour, text, responses)
		SELECT hour, text, count(*) FROM responded GROUP BY 1, 2
		ON CONFLICT (hour, text) DO UPDATE SET responses = auto_response_text_hourly_counts.responses + EXCLUDED.responses
	)
	INSERT INTO auto_response_hourly_stats (hour, auto_responded)
	SELECT hour, count(*) FROM responded GROUP BY 1
	ON CONFLICT (hour) DO UPDATE SET auto_responded = auto_response_hourly_stats.auto_responded + EXCLUDED.auto_responded;
	WITH follows AS (
		SELECT m.ticket_id, min(m.created_at) AS at
		FROM inserted_messages m JOIN tickets t ON t.id = m.ticket_id
		WHERE m.inbound AND t.auto_responded_at IS NOT NULL AND t.followed_up_at IS NULL
			AND m.created_at > t.auto_responded_at
		GROUP BY m.ticket_id
	), followed AS (
		UPDATE tickets SET followed_up_at = follows.at
		FROM follows
		WHERE tickets.id = follows.ticket_id AND tickets.followed_up_at IS NULL
		RETURNING tickets.created_at
	)
	INSERT INTO auto_response_hourly_stats (hour, followed_up)
	SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)
	FROM followed
	GROUP BY 1
	ON CONFLICT (hour) DO UPDATE SET followed_up = auto_response_hourly_stats.followed_up + EXCLUDED.followed_up;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The texts counted so far, again by their macro's text (the macro as it reads now).
TRUNCATE auto_response_text_hourly_counts;
--> statement-breakpoint
INSERT INTO auto_response_text_hourly_counts (hour, text, responses)
SELECT date_trunc('hour', t.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', firsts.text, count(*)
FROM (
	SELECT DISTINCT ON (ticket_id) ticket_id, auto_response_text(macro_id, body) AS text
	FROM messages
	WHERE auto_response AND ticket_id IS NOT NULL
	ORDER BY ticket_id, created_at, id
) AS firsts
JOIN tickets t ON t.id = firsts.ticket_id
GROUP BY 1, 2;
