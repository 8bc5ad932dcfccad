-- The gate log becomes a table partitioned by UTC month of "timestamp" (docs/decisions/0052). Only
-- names and empty tables change here, so the lock on the log lasts milliseconds whatever its size:
-- the old table is renamed relay_logs_unpartitioned, a partitioned relay_logs takes its name with
-- its columns, defaults, checks, indexes and triggers as they are now (read from the catalogue, so
-- a column or index added by an earlier migration comes along), and the gate log upkeep job
-- (server/relay-logs/gate-log-upgrade.ts) moves the old rows over in small batches, newest first.
-- Until a row is moved, the log lists and searches do not show it.
ALTER TABLE "relay_logs" RENAME TO "relay_logs_unpartitioned";
--> statement-breakpoint
CREATE TABLE "relay_logs" (
  LIKE "relay_logs_unpartitioned" INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS INCLUDING STORAGE,
  CONSTRAINT "relay_logs_id_timestamp_pk" PRIMARY KEY ("id", "timestamp")
) PARTITION BY RANGE ("timestamp");
--> statement-breakpoint
-- Each index and trigger of the old table, made again on the new one under its own name; the old
-- table's indexes take an old_ prefix, and its triggers stay (the batches that move rows switch the
-- count triggers off for themselves, below).
DO $$
DECLARE
  item record;
BEGIN
  FOR item IN
    SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = 'relay_logs_unpartitioned'::regclass AND NOT i.indisprimary
  LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', item.name, left('old_' || item.name, 63));
    EXECUTE regexp_replace(item.def, ' ON (ONLY )?(\S+\.)?relay_logs_unpartitioned ', ' ON relay_logs ');
  END LOOP;
  FOR item IN
    SELECT pg_get_triggerdef(t.oid) AS def
    FROM pg_trigger t
    WHERE t.tgrelid = 'relay_logs_unpartitioned'::regclass AND NOT t.tgisinternal
  LOOP
    EXECUTE regexp_replace(item.def, ' ON (\S+\.)?relay_logs_unpartitioned ', ' ON relay_logs ');
  END LOOP;
END
$$;
--> statement-breakpoint
-- Rows outside every month's table land here until their month's table is made (which takes them).
CREATE TABLE "relay_logs_default" PARTITION OF "relay_logs" DEFAULT;
--> statement-breakpoint
ALTER TABLE "relay_logs_default" SET (autovacuum_vacuum_insert_scale_factor = 0.01);
--> statement-breakpoint
-- Makes the table of the UTC month holding `month_of`, unless it exists; answers whether it made
-- it. The rows the default partition caught for that month move into it first, then it is attached
-- (a lock on the parent that lets reads and writes on, and a short one on the default partition).
CREATE FUNCTION "relay_logs_add_month"(month_of timestamptz) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  first_day timestamp := date_trunc('month', month_of AT TIME ZONE 'UTC');
  lower_bound timestamptz := first_day AT TIME ZONE 'UTC';
  upper_bound timestamptz := (first_day + interval '1 month') AT TIME ZONE 'UTC';
  name text := 'relay_logs_' || to_char(first_day, 'YYYY_MM');
BEGIN
  IF to_regclass(name) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE relay_logs INCLUDING DEFAULTS INCLUDING GENERATED INCLUDING CONSTRAINTS INCLUDING STORAGE)', name);
  -- An append-only log: vacuum marks pages all-visible early, for index-only counts (migration 0004).
  EXECUTE format('ALTER TABLE %I SET (autovacuum_vacuum_insert_scale_factor = 0.01)', name);
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK ("timestamp" >= %L AND "timestamp" < %L)',
    name, name || '_month', lower_bound, upper_bound);
  EXECUTE format(
    'WITH caught AS (DELETE FROM relay_logs_default WHERE "timestamp" >= $1 AND "timestamp" < $2 RETURNING *) '
    'INSERT INTO %I SELECT * FROM caught', name) USING lower_bound, upper_bound;
  EXECUTE format('ALTER TABLE relay_logs ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, lower_bound, upper_bound);
  RETURN true;
END
$$;
--> statement-breakpoint
-- This month's table and the next three; the months of the old rows are made by the upkeep before
-- it moves them, each in its own short transaction, so gate writes wait on none of it here.
SELECT "relay_logs_add_month"(month_of AT TIME ZONE 'UTC')
FROM generate_series(
  date_trunc('month', now() AT TIME ZONE 'UTC'),
  date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months',
  interval '1 month'
) AS month_of;
--> statement-breakpoint
-- The daily counts stay as they are while rows move between the two tables: the moving
-- transaction sets gatehouse.relay_log_move, and neither table's count trigger then touches them
-- (nor locks today's count rows, which every gate write updates).
CREATE OR REPLACE FUNCTION relay_log_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('gatehouse.relay_log_move', true) = 'on' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO relay_log_daily_counts (property_key, caller_type, day, n)
    SELECT coalesce(property_id, '00000000-0000-0000-0000-000000000000'::uuid), caller_type,
      ("timestamp" AT TIME ZONE 'UTC')::date, count(*)
    FROM changed_rows GROUP BY 1, 2, 3
    ON CONFLICT (property_key, caller_type, day) DO UPDATE SET n = relay_log_daily_counts.n + excluded.n;
  ELSE
    UPDATE relay_log_daily_counts c SET n = c.n - d.n
    FROM (
      SELECT coalesce(property_id, '00000000-0000-0000-0000-000000000000'::uuid) AS property_key, caller_type,
        ("timestamp" AT TIME ZONE 'UTC')::date AS day, count(*) AS n
      FROM changed_rows GROUP BY 1, 2, 3
    ) d
    WHERE c.property_key = d.property_key AND c.caller_type = d.caller_type AND c.day = d.day;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Openings still waiting for their relay move now, so the statement that completes one finds its row.
WITH moved AS (
  DELETE FROM "relay_logs_unpartitioned" WHERE "id" IN (SELECT "log_id" FROM "openings_in_flight") RETURNING *
)
INSERT INTO "relay_logs" SELECT * FROM moved;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "gate_event_retention_months" integer DEFAULT 24 NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "activity_retention_months" integer DEFAULT 84 NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_gate_event_retention_range" CHECK ("properties"."gate_event_retention_months" between 1 and 1200);
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_activity_retention_range" CHECK ("properties"."activity_retention_months" between 12 and 1200);
