CREATE TABLE "message_hourly_counts" (
	"hour" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"inbound" boolean NOT NULL,
	"messages" integer NOT NULL,
	CONSTRAINT "message_hourly_counts_hour_type_inbound_pk" PRIMARY KEY("hour","type","inbound")
);
--> statement-breakpoint
-- Counted per statement: a bulk insert of a thousand messages updates a handful of rows once.
CREATE FUNCTION count_inserted_messages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO message_hourly_counts (hour, type, inbound, messages)
	SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', type, inbound, count(*)
	FROM inserted_messages
	GROUP BY 1, 2, 3
	ON CONFLICT (hour, type, inbound) DO UPDATE SET messages = message_hourly_counts.messages + EXCLUDED.messages;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_hourly_counts AFTER INSERT ON messages
	REFERENCING NEW TABLE AS inserted_messages
	FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_messages();
--> statement-breakpoint
-- The messages already here.
INSERT INTO message_hourly_counts (hour, type, inbound, messages)
SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', type, inbound, count(*)
FROM messages
GROUP BY 1, 2, 3;
