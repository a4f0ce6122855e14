CREATE TABLE "business_hours" (
	"id" smallint PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"days" smallint[] NOT NULL,
	"opens_minute" smallint NOT NULL,
	"closes_minute" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_hourly_stats" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	"responded" integer DEFAULT 0 NOT NULL,
	"response_seconds" bigint DEFAULT 0 NOT NULL,
	"business_response_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_seconds" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_business_seconds" integer;--> statement-breakpoint
-- The configuration's defaults (BUSINESS_HOURS, BUSINESS_TIME_ZONE); the server writes its own at start.
INSERT INTO business_hours (id, time_zone, days, opens_minute, closes_minute)
VALUES (1, 'America/Los_Angeles', '{1,2,3,4,5}', 480, 1020);
--> statement-breakpoint
-- Seconds from a to b that fall in business hours (business_hours' days and hours, in its zone).
CREATE FUNCTION business_seconds(a timestamptz, b timestamptz) RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
	schedule business_hours%ROWTYPE;
	day date;
	opens timestamptz;
	closes timestamptz;
	total double precision := 0;
BEGIN
	IF b <= a THEN RETURN 0; END IF;
	SELECT * INTO schedule FROM business_hours WHERE id = 1;
	IF NOT FOUND THEN RETURN floor(extract(epoch FROM b - a))::integer; END IF;
	day := (a AT TIME ZONE schedule.time_zone)::date;
	WHILE day <= (b AT TIME ZONE schedule.time_zone)::date LOOP
		IF extract(isodow FROM day)::smallint = ANY (schedule.days) THEN
			opens := greatest(a, (day + make_interval(mins => schedule.opens_minute)) AT TIME ZONE schedule.time_zone);
			closes := least(b, (day + make_interval(mins => schedule.closes_minute)) AT TIME ZONE schedule.time_zone);
			IF closes > opens THEN total := total + extract(epoch FROM closes - opens); END IF;
		END IF;
		day := day + 1;
	END LOOP;
	RETURN floor(total)::integer;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_inserted_tickets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO ticket_hourly_stats (hour, tickets)
	SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*)
	FROM inserted_tickets
	GROUP BY 1
	ON CONFLICT (hour) DO UPDATE SET tickets = ticket_hourly_stats.tickets + EXCLUDED.tickets;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_hourly_stats AFTER INSERT ON tickets
	REFERENCING NEW TABLE AS inserted_tickets
	FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_tickets();
--> statement-breakpoint
-- A ticket's first reply by an employee (an auto-response has no employee) sets its first response,
-- counted in the hour the ticket started.
CREATE FUNCTION record_first_responses() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	WITH firsts AS (
		SELECT ticket_id, min(created_at) AS at
		FROM inserted_messages
		WHERE NOT inbound AND employee_id IS NOT NULL AND ticket_id IS NOT NULL
		GROUP BY ticket_id
	), answered AS (
		UPDATE tickets SET
			first_response_at = firsts.at,
			first_response_seconds = greatest(0, floor(extract(epoch FROM firsts.at - tickets.created_at)))::integer,
			first_response_business_seconds = business_seconds(tickets.created_at, firsts.at)
		FROM firsts
		WHERE tickets.id = firsts.ticket_id AND tickets.first_response_at IS NULL
		RETURNING tickets.created_at, tickets.first_response_seconds, tickets.first_response_business_seconds
	)
	INSERT INTO ticket_hourly_stats (hour, responded, response_seconds, business_response_seconds)
	SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*),
		sum(first_response_seconds), sum(first_response_business_seconds)
	FROM answered
	GROUP BY 1
	ON CONFLICT (hour) DO UPDATE SET
		responded = ticket_hourly_stats.responded + EXCLUDED.responded,
		response_seconds = ticket_hourly_stats.response_seconds + EXCLUDED.response_seconds,
		business_response_seconds = ticket_hourly_stats.business_response_seconds + EXCLUDED.business_response_seconds;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_first_responses AFTER INSERT ON messages
	REFERENCING NEW TABLE AS inserted_messages
	FOR EACH STATEMENT EXECUTE FUNCTION record_first_responses();
--> statement-breakpoint
-- The tickets and replies already here.
UPDATE tickets SET
	first_response_at = firsts.at,
	first_response_seconds = greatest(0, floor(extract(epoch FROM firsts.at - tickets.created_at)))::integer,
	first_response_business_seconds = business_seconds(tickets.created_at, firsts.at)
FROM (
	SELECT ticket_id, min(created_at) AS at FROM messages
	WHERE NOT inbound AND employee_id IS NOT NULL AND ticket_id IS NOT NULL
	GROUP BY ticket_id
) AS firsts
WHERE tickets.id = firsts.ticket_id;
--> statement-breakpoint
INSERT INTO ticket_hourly_stats (hour, tickets, responded, response_seconds, business_response_seconds)
SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', count(*), count(first_response_at),
	coalesce(sum(first_response_seconds), 0), coalesce(sum(first_response_business_seconds), 0)
FROM tickets
GROUP BY 1;
