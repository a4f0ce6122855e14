CREATE TABLE "deadline_counts" (
	"queue" text NOT NULL,
	"due_on" date NOT NULL,
	"open" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "deadline_counts_queue_due_on_pk" PRIMARY KEY("queue","due_on")
);
--> statement-breakpoint
-- Written by hand (issue 39): the counts are kept by triggers, as the analytics rollups are (decision
-- 034). An item counts in at most one queue, on its due date: an unanswered ACDV in 'acdv'; a
-- dispute whose frivolous notice is owed (resolved or not) in 'dispute_frivolous_notice', another
-- unresolved dispute in 'dispute'; an unprocessed notice in 'bankruptcy_notice'. A change takes the
-- item's old count back and adds its new one. Inserts are counted a statement at a time (an import
-- of 10,000 ACDVs is one upsert per due date).
CREATE FUNCTION count_deadline(queue text, due date, delta integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO deadline_counts (queue, due_on, open) VALUES (queue, due, delta)
	ON CONFLICT (queue, due_on) DO UPDATE SET open = deadline_counts.open + EXCLUDED.open;
$$;
--> statement-breakpoint
CREATE FUNCTION dispute_deadline_queue(resolved_at timestamptz, frivolous_at timestamptz, notice_sent_at timestamptz)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN frivolous_at IS NOT NULL AND notice_sent_at IS NULL THEN 'dispute_frivolous_notice'
		WHEN resolved_at IS NULL THEN 'dispute'
	END;
$$;
--> statement-breakpoint
CREATE FUNCTION count_inserted_acdv_deadlines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO deadline_counts (queue, due_on, open)
	SELECT 'acdv', response_due_on, count(*)::int FROM inserted_acdvs WHERE responded_at IS NULL GROUP BY response_due_on
	ON CONFLICT (queue, due_on) DO UPDATE SET open = deadline_counts.open + EXCLUDED.open;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER acdv_requests_deadline_inserts AFTER INSERT ON acdv_requests
	REFERENCING NEW TABLE AS inserted_acdvs
	FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_acdv_deadlines();
--> statement-breakpoint
CREATE FUNCTION count_changed_acdv_deadline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD.responded_at IS NULL THEN PERFORM count_deadline('acdv', OLD.response_due_on, -1); END IF;
	IF TG_OP <> 'DELETE' AND NEW.responded_at IS NULL THEN PERFORM count_deadline('acdv', NEW.response_due_on, 1); END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER acdv_requests_deadline_changes AFTER UPDATE OF responded_at, response_due_on ON acdv_requests
	FOR EACH ROW
	WHEN (OLD.responded_at IS DISTINCT FROM NEW.responded_at OR OLD.response_due_on IS DISTINCT FROM NEW.response_due_on)
	EXECUTE FUNCTION count_changed_acdv_deadline();
--> statement-breakpoint
CREATE TRIGGER acdv_requests_deadline_deletes AFTER DELETE ON acdv_requests
	FOR EACH ROW EXECUTE FUNCTION count_changed_acdv_deadline();
--> statement-breakpoint
CREATE FUNCTION count_inserted_dispute_deadlines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO deadline_counts (queue, due_on, open)
	SELECT dispute_deadline_queue(resolved_at, frivolous_at, frivolous_notice_sent_at), due_date, count(*)::int
	FROM inserted_disputes
	WHERE dispute_deadline_queue(resolved_at, frivolous_at, frivolous_notice_sent_at) IS NOT NULL
	GROUP BY 1, 2
	ON CONFLICT (queue, due_on) DO UPDATE SET open = deadline_counts.open + EXCLUDED.open;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER disputes_deadline_inserts AFTER INSERT ON disputes
	REFERENCING NEW TABLE AS inserted_disputes
	FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_dispute_deadlines();
--> statement-breakpoint
CREATE FUNCTION count_changed_dispute_deadline() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	queue text;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		queue := dispute_deadline_queue(OLD.resolved_at, OLD.frivolous_at, OLD.frivolous_notice_sent_at);
		IF queue IS NOT NULL THEN PERFORM count_deadline(queue, OLD.due_date, -1); END IF;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		queue := dispute_deadline_queue(NEW.resolved_at, NEW.frivolous_at, NEW.frivolous_notice_sent_at);
		IF queue IS NOT NULL THEN PERFORM count_deadline(queue, NEW.due_date, 1); END IF;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER disputes_deadline_changes AFTER UPDATE OF resolved_at, frivolous_at, frivolous_notice_sent_at, due_date ON disputes
	FOR EACH ROW
	WHEN (OLD.resolved_at IS DISTINCT FROM NEW.resolved_at OR OLD.frivolous_at IS DISTINCT FROM NEW.frivolous_at
		OR OLD.frivolous_notice_sent_at IS DISTINCT FROM NEW.frivolous_notice_sent_at OR OLD.due_date IS DISTINCT FROM NEW.due_date)
	EXECUTE FUNCTION count_changed_dispute_deadline();
--> statement-breakpoint
CREATE TRIGGER disputes_deadline_deletes AFTER DELETE ON disputes
	FOR EACH ROW EXECUTE FUNCTION count_changed_dispute_deadline();
--> statement-breakpoint
CREATE FUNCTION count_inserted_notice_deadlines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO deadline_counts (queue, due_on, open)
	SELECT 'bankruptcy_notice', due_on, count(*)::int FROM inserted_notices WHERE processed_at IS NULL GROUP BY due_on
	ON CONFLICT (queue, due_on) DO UPDATE SET open = deadline_counts.open + EXCLUDED.open;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bankruptcy_notices_deadline_inserts AFTER INSERT ON bankruptcy_notices
	REFERENCING NEW TABLE AS inserted_notices
	FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_notice_deadlines();
--> statement-breakpoint
CREATE FUNCTION count_changed_notice_deadline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP <> 'INSERT' AND OLD.processed_at IS NULL THEN PERFORM count_deadline('bankruptcy_notice', OLD.due_on, -1); END IF;
	IF TG_OP <> 'DELETE' AND NEW.processed_at IS NULL THEN PERFORM count_deadline('bankruptcy_notice', NEW.due_on, 1); END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER bankruptcy_notices_deadline_changes AFTER UPDATE OF processed_at, due_on ON bankruptcy_notices
	FOR EACH ROW
	WHEN (OLD.processed_at IS DISTINCT FROM NEW.processed_at OR OLD.due_on IS DISTINCT FROM NEW.due_on)
	EXECUTE FUNCTION count_changed_notice_deadline();
--> statement-breakpoint
CREATE TRIGGER bankruptcy_notices_deadline_deletes AFTER DELETE ON bankruptcy_notices
	FOR EACH ROW EXECUTE FUNCTION count_changed_notice_deadline();
--> statement-breakpoint
-- The items open now.
INSERT INTO deadline_counts (queue, due_on, open)
SELECT 'acdv', response_due_on, count(*)::int FROM acdv_requests WHERE responded_at IS NULL GROUP BY 2
UNION ALL
SELECT dispute_deadline_queue(resolved_at, frivolous_at, frivolous_notice_sent_at), due_date, count(*)::int FROM disputes
	WHERE dispute_deadline_queue(resolved_at, frivolous_at, frivolous_notice_sent_at) IS NOT NULL GROUP BY 1, 2
UNION ALL
SELECT 'bankruptcy_notice', due_on, count(*)::int FROM bankruptcy_notices WHERE processed_at IS NULL GROUP BY 2;
