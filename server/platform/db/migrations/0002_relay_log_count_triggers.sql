-- Keeps relay_log_daily_counts in step with relay_logs, one statement at a time (bulk inserts
-- included), and fills it from any rows already present.
CREATE FUNCTION relay_log_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
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
CREATE TRIGGER relay_logs_count_insert AFTER INSERT ON relay_logs
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION relay_log_counts_apply();
--> statement-breakpoint
CREATE TRIGGER relay_logs_count_delete AFTER DELETE ON relay_logs
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION relay_log_counts_apply();
--> statement-breakpoint
INSERT INTO relay_log_daily_counts (property_key, caller_type, day, n)
SELECT coalesce(property_id, '00000000-0000-0000-0000-000000000000'::uuid), caller_type,
  ("timestamp" AT TIME ZONE 'UTC')::date, count(*)
FROM relay_logs GROUP BY 1, 2, 3;
