CREATE TABLE "employee_daily_handling" (
	"day" date NOT NULL,
	"employee_id" integer NOT NULL,
	"bucket" smallint NOT NULL,
	"tickets" integer NOT NULL,
	"handling_seconds" bigint NOT NULL,
	CONSTRAINT "employee_daily_handling_day_employee_id_bucket_pk" PRIMARY KEY("day","employee_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "employee_daily_stats" (
	"day" date NOT NULL,
	"employee_id" integer NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"worked" integer DEFAULT 0 NOT NULL,
	"closed" integer DEFAULT 0 NOT NULL,
	"handling_seconds" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "employee_daily_stats_day_employee_id_pk" PRIMARY KEY("day","employee_id")
);
--> statement-breakpoint
CREATE TABLE "employee_monthly_handling" (
	"month" date NOT NULL,
	"employee_id" integer NOT NULL,
	"bucket" smallint NOT NULL,
	"tickets" integer NOT NULL,
	"handling_seconds" bigint NOT NULL,
	CONSTRAINT "employee_monthly_handling_month_employee_id_bucket_pk" PRIMARY KEY("month","employee_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "employee_ticket_work" (
	"employee_id" integer NOT NULL,
	"ticket_id" bigint NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	CONSTRAINT "employee_ticket_work_employee_id_ticket_id_pk" PRIMARY KEY("employee_id","ticket_id")
);
--> statement-breakpoint
CREATE TABLE "message_daily_counts" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"inbound" boolean NOT NULL,
	"messages" integer NOT NULL,
	CONSTRAINT "message_daily_counts_day_type_inbound_pk" PRIMARY KEY("day","type","inbound")
);
--> statement-breakpoint
ALTER TABLE "employee_ticket_work" ADD CONSTRAINT "employee_ticket_work_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The business time zone the days are counted in (business_hours, written from BUSINESS_TIME_ZONE).
CREATE FUNCTION business_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT time_zone FROM business_hours WHERE id = 1), 'UTC')
$$;
--> statement-breakpoint
-- A handling time's histogram bucket: the seconds themselves under 16, then eight buckets for each
-- doubling (each at most 12.5% wide), from the value's highest bit and the three bits after it.
CREATE FUNCTION handling_bucket(seconds integer) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN seconds < 16 THEN greatest(seconds, 0)
		ELSE 16 + (bits - 5) * 8 + (seconds >> (bits - 4)) - 8 END::smallint
	FROM (SELECT length(ltrim(seconds::bit(32)::text, '0')) AS bits) AS b
$$;
--> statement-breakpoint
-- Where a bucket starts and ends (end exclusive).
CREATE FUNCTION handling_bucket_start(bucket smallint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN bucket < 16 THEN bucket::bigint
		ELSE (8 + (bucket - 16) % 8)::bigint << (1 + (bucket - 16) / 8) END
$$;
--> statement-breakpoint
CREATE FUNCTION handling_bucket_end(bucket smallint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN bucket < 16 THEN bucket::bigint + 1
		ELSE (9 + (bucket - 16) % 8)::bigint << (1 + (bucket - 16) / 8) END
$$;
--> statement-breakpoint
-- Closes as rows: who, which ticket, when, on which business day, and how long it took.
CREATE FUNCTION unnest_closes(employee_ids integer[], ticket_ids bigint[], created_ats timestamptz[],
	closed_ats timestamptz[], zone text)
	RETURNS TABLE (employee_id integer, ticket_id bigint, closed_at timestamptz, day date, handling integer)
	LANGUAGE sql STABLE AS $$
	SELECT e, t, c, (c AT TIME ZONE zone)::date, least(greatest(0, floor(extract(epoch FROM c - a))), 2147483647)::integer
	FROM unnest(employee_ids, ticket_ids, created_ats, closed_ats) AS u(e, t, a, c)
$$;
--> statement-breakpoint
-- Closes added (sign 1) or taken back (sign -1: a reopened or re-closed ticket), as parallel arrays
-- so the row trigger on updates and the statement trigger on inserts share this one body.
CREATE FUNCTION count_ticket_closes(employee_ids integer[], ticket_ids bigint[], created_ats timestamptz[],
	closed_ats timestamptz[], sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	zone text := business_time_zone();
BEGIN
	INSERT INTO employee_daily_stats (day, employee_id, closed, handling_seconds)
	SELECT c.day, c.employee_id, sign * count(*), sign * sum(c.handling)
	FROM unnest_closes(employee_ids, ticket_ids, created_ats, closed_ats, zone) AS c GROUP BY 1, 2
	ON CONFLICT (day, employee_id) DO UPDATE SET
		closed = employee_daily_stats.closed + EXCLUDED.closed,
		handling_seconds = employee_daily_stats.handling_seconds + EXCLUDED.handling_seconds;
	INSERT INTO employee_daily_handling (day, employee_id, bucket, tickets, handling_seconds)
	SELECT c.day, c.employee_id, handling_bucket(c.handling), sign * count(*), sign * sum(c.handling)
	FROM unnest_closes(employee_ids, ticket_ids, created_ats, closed_ats, zone) AS c GROUP BY 1, 2, 3
	ON CONFLICT (day, employee_id, bucket) DO UPDATE SET
		tickets = employee_daily_handling.tickets + EXCLUDED.tickets,
		handling_seconds = employee_daily_handling.handling_seconds + EXCLUDED.handling_seconds;
	INSERT INTO employee_monthly_handling (month, employee_id, bucket, tickets, handling_seconds)
	SELECT date_trunc('month', c.day)::date, c.employee_id, handling_bucket(c.handling), sign * count(*), sign * sum(c.handling)
	FROM unnest_closes(employee_ids, ticket_ids, created_ats, closed_ats, zone) AS c GROUP BY 1, 2, 3
	ON CONFLICT (month, employee_id, bucket) DO UPDATE SET
		tickets = employee_monthly_handling.tickets + EXCLUDED.tickets,
		handling_seconds = employee_monthly_handling.handling_seconds + EXCLUDED.handling_seconds;
	IF sign > 0 THEN
		PERFORM count_first_work(array_agg(c.employee_id), array_agg(c.ticket_id), array_agg(c.closed_at))
		FROM unnest_closes(employee_ids, ticket_ids, created_ats, closed_ats, zone) AS c;
	END IF;
END;
$$;
--> statement-breakpoint
-- The first time an employee works a ticket (a reply or a close) counts it as worked that day; later
-- ones add nothing. Work arrives in time order, so the first recorded is the first.
CREATE FUNCTION count_first_work(employee_ids integer[], ticket_ids bigint[], ats timestamptz[]) RETURNS void
	LANGUAGE plpgsql AS $$
DECLARE
	zone text := business_time_zone();
BEGIN
	WITH firsts AS (
		INSERT INTO employee_ticket_work (employee_id, ticket_id, first_at)
		SELECT e, t, min(a) FROM unnest(employee_ids, ticket_ids, ats) AS u(e, t, a) GROUP BY 1, 2
		ON CONFLICT (employee_id, ticket_id) DO NOTHING
		RETURNING employee_id, first_at
	)
	INSERT INTO employee_daily_stats (day, employee_id, worked)
	SELECT (first_at AT TIME ZONE zone)::date, employee_id, count(*) FROM firsts GROUP BY 1, 2
	ON CONFLICT (day, employee_id) DO UPDATE SET worked = employee_daily_stats.worked + EXCLUDED.worked;
END;
$$;
--> statement-breakpoint
-- Messages per business day, employees' replies and the tickets they first worked by replying.
CREATE FUNCTION count_inserted_messages_daily() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	zone text := business_time_zone();
BEGIN
	INSERT INTO message_daily_counts (day, type, inbound, messages)
	SELECT (created_at AT TIME ZONE zone)::date, type, inbound, count(*)
	FROM inserted_messages
	GROUP BY 1, 2, 3
	ON CONFLICT (day, type, inbound) DO UPDATE SET messages = message_daily_counts.messages + EXCLUDED.messages;
	IF NOT EXISTS (SELECT 1 FROM inserted_messages WHERE NOT inbound AND employee_id IS NOT NULL) THEN
		RETURN NULL;
	END IF;
	INSERT INTO employee_daily_stats (day, employee_id, replies)
	SELECT (created_at AT TIME ZONE zone)::date, employee_id, count(*)
	FROM inserted_messages
	WHERE NOT inbound AND employee_id IS NOT NULL
	GROUP BY 1, 2
	ON CONFLICT (day, employee_id) DO UPDATE SET replies = employee_daily_stats.replies + EXCLUDED.replies;
	PERFORM count_first_work(array_agg(employee_id), array_agg(ticket_id), array_agg(created_at))
	FROM inserted_messages
	WHERE NOT inbound AND employee_id IS NOT NULL AND ticket_id IS NOT NULL;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_daily_rollups AFTER INSERT ON messages
	REFERENCING NEW TABLE AS inserted_messages
	FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_messages_daily();
--> statement-breakpoint
-- Tickets inserted already closed (imports, the benchmark).
CREATE FUNCTION count_inserted_closed_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM count_ticket_closes(array_agg(closed_by), array_agg(id), array_agg(created_at), array_agg(closed_at), 1)
	FROM inserted_tickets
	WHERE state = 'closed' AND closed_by IS NOT NULL AND closed_at IS NOT NULL
	HAVING count(*) > 0;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_daily_rollups AFTER INSERT ON tickets
	REFERENCING NEW TABLE AS inserted_tickets
	FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_closed_tickets();
--> statement-breakpoint
-- A ticket closed, reopened or closed again: its old close taken back, its new one counted.
CREATE FUNCTION count_changed_close() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.state = 'closed' AND OLD.closed_by IS NOT NULL AND OLD.closed_at IS NOT NULL THEN
		PERFORM count_ticket_closes(ARRAY[OLD.closed_by], ARRAY[OLD.id], ARRAY[OLD.created_at], ARRAY[OLD.closed_at], -1);
	END IF;
	IF NEW.state = 'closed' AND NEW.closed_by IS NOT NULL AND NEW.closed_at IS NOT NULL THEN
		PERFORM count_ticket_closes(ARRAY[NEW.closed_by], ARRAY[NEW.id], ARRAY[NEW.created_at], ARRAY[NEW.closed_at], 1);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_close_rollups AFTER UPDATE OF state, closed_by, closed_at ON tickets
	FOR EACH ROW
	WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.closed_by IS DISTINCT FROM NEW.closed_by
		OR OLD.closed_at IS DISTINCT FROM NEW.closed_at)
	EXECUTE FUNCTION count_changed_close();
--> statement-breakpoint
-- Every business-day rollup worked out again from the messages, the tickets and the first work
-- (a new business time zone moves every day's edges). The caller holds the tables still.
CREATE FUNCTION rebuild_business_day_rollups() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	zone text := business_time_zone();
BEGIN
	TRUNCATE message_daily_counts, employee_daily_stats, employee_daily_handling, employee_monthly_handling;
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
END;
$$;
--> statement-breakpoint
-- The replies and closes already here: who first worked what, then every rollup.
INSERT INTO employee_ticket_work (employee_id, ticket_id, first_at)
SELECT employee_id, ticket_id, min(at) FROM (
	SELECT employee_id, ticket_id, created_at AS at FROM messages
	WHERE NOT inbound AND employee_id IS NOT NULL AND ticket_id IS NOT NULL
	UNION ALL
	SELECT closed_by, id, closed_at FROM tickets
	WHERE state = 'closed' AND closed_by IS NOT NULL AND closed_at IS NOT NULL
) AS work
GROUP BY 1, 2;
--> statement-breakpoint
SELECT rebuild_business_day_rollups();
--> statement-breakpoint
-- update_payment_analytics counts the payment updates of a range from this index alone (decision 036);
-- the list is contracts' PAYMENT_UPDATE_ACTIONS, written as literals by the query: change both together.
CREATE INDEX audit_events_payment_updates_idx ON audit_events (created_at) INCLUDE (employee_id)
	WHERE action IN ('payment.rescheduled', 'payment.method_changed', 'payment.made_larger', 'payment.made_smaller', 'payment.split');
