CREATE TABLE "auto_response_hourly_stats" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"auto_responded" integer DEFAULT 0 NOT NULL,
	"followed_up" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auto_response_text_hourly_counts" (
	"hour" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"responses" integer NOT NULL,
	CONSTRAINT "auto_response_text_hourly_counts_hour_text_pk" PRIMARY KEY("hour","text")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "auto_response" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "auto_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "followed_up_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_auto_response_key" ON "messages" USING btree ("ticket_id") WHERE auto_response;--> statement-breakpoint
-- Auto-responses (decision 035), counted in the hour their ticket started (UTC):
-- 1. a customer's message on a ticket auto-responded before this statement: the customer wrote again;
-- 2. a ticket's first auto-response sets auto_responded_at once and counts its text (cut to 100
--    characters, '…' added when cut);
-- 3. a customer's message in the same statement, later than that auto-response (bulk inserts).
-- No backfill: no message was an auto-response before this migration.
CREATE FUNCTION record_auto_responses() RETURNS trigger LANGUAGE plpgsql AS $$
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
		SELECT DISTINCT ON (ticket_id) ticket_id, created_at AS at,
			CASE WHEN char_length(body) > 100 THEN left(body, 100) || '…' ELSE body END AS text
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
CREATE TRIGGER messages_auto_responses AFTER INSERT ON messages
	REFERENCING NEW TABLE AS inserted_messages
	FOR EACH STATEMENT EXECUTE FUNCTION record_auto_responses();
