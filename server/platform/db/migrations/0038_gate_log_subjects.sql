-- The gate log is searched through its distinct subjects (docs/decisions/0059): each event carries
-- the key of its search text, and relay_log_subjects holds each text once per UTC month with the
-- trigram index the events no longer carry. The events' time and property-time indexes no longer
-- carry the text either: they cover the filters only.
CREATE FUNCTION "relay_log_subject_key"(search_text text) RETURNS bigint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN hashtextextended(search_text, 0);
--> statement-breakpoint
CREATE FUNCTION "relay_log_subject_month"(at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
--> statement-breakpoint
ALTER TABLE "relay_logs" ADD COLUMN "subject_key" bigint;
--> statement-breakpoint
CREATE TABLE "relay_log_subjects" (
  "month" timestamp with time zone NOT NULL,
  "key" bigint NOT NULL,
  "search_text" text NOT NULL,
  CONSTRAINT "relay_log_subjects_month_key_pk" PRIMARY KEY("month","key")
);
--> statement-breakpoint
CREATE INDEX "relay_log_subjects_search_trgm_idx" ON "relay_log_subjects" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- An empty log (a new database) gets its indexes at once. A log with rows gets them declared on the
-- parent only: the upkeep gives each month's rows their subject and builds that month's indexes
-- without blocking gate writes, then drops the old ones (server/relay-logs/gate-log-subject-upgrade.ts);
-- until then the search reads the old trigram index, as before.
DO $$
DECLARE
  only_parent text := '';
  old_rows boolean := false;
BEGIN
  -- The table migration 0033 left to the upkeep to empty, if it is still there.
  IF to_regclass('relay_logs_unpartitioned') IS NOT NULL THEN
    EXECUTE 'SELECT EXISTS (SELECT 1 FROM relay_logs_unpartitioned)' INTO old_rows;
  END IF;
  IF old_rows OR EXISTS (SELECT 1 FROM relay_logs LIMIT 1) THEN
    only_parent := 'ONLY ';
  END IF;
  EXECUTE 'CREATE INDEX "relay_logs_subject_time_idx" ON ' || only_parent
    || '"relay_logs" ("subject_key", "timestamp") INCLUDE ("property_id", "caller_type", "id")';
  EXECUTE 'CREATE INDEX "relay_logs_time_covering_idx" ON ' || only_parent
    || '"relay_logs" ("timestamp") INCLUDE ("property_id", "caller_type")';
  EXECUTE 'CREATE INDEX "relay_logs_property_time_covering_idx" ON ' || only_parent
    || '"relay_logs" ("property_id", "timestamp") INCLUDE ("caller_type")';
  IF only_parent = '' THEN
    DROP INDEX "relay_logs_search_trgm_idx";
    DROP INDEX "relay_logs_time_idx";
    DROP INDEX "relay_logs_property_time_idx";
  END IF;
END
$$;
