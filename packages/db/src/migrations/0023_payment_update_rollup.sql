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
