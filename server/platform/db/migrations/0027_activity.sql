CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_role" text NOT NULL,
	"actor_name" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"request_id" text,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"object_kind" text NOT NULL,
	"object_id" text,
	"property_id" uuid,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_property_seq_idx" ON "activity" USING btree ("property_id","seq");--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at");--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "activity_object_idx" ON "activity" USING btree ("object_id","at");--> statement-breakpoint
-- Append-only: no row of the trail is changed or removed, but by activity_retention_delete below,
-- which sets gatehouse.activity_retention for its own transaction. A trigger, not privileges, so it
-- holds on PGlite (one role) as on PostgreSQL; only an owner who disables it gets past, and then
-- the hash chain shows it (npm run audit:verify).
CREATE FUNCTION "activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('gatehouse.activity_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'The activity trail is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_append_only_rows" BEFORE UPDATE OR DELETE ON "activity"
  FOR EACH ROW EXECUTE FUNCTION "activity_append_only"();
--> statement-breakpoint
CREATE TRIGGER "activity_append_only_truncate" BEFORE TRUNCATE ON "activity"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_append_only"();
--> statement-breakpoint
-- The one way rows leave: a property's entries older than a moment, in one bounded batch.
CREATE FUNCTION "activity_retention_delete"(target_property uuid, older_than timestamptz, batch integer)
RETURNS integer LANGUAGE plpgsql AS $$
DECLARE removed integer;
BEGIN
  PERFORM set_config('gatehouse.activity_retention', 'on', true);
  DELETE FROM "activity" WHERE "id" IN (
    SELECT "id" FROM "activity"
    WHERE "property_id" IS NOT DISTINCT FROM target_property AND "at" < older_than
    ORDER BY "seq" LIMIT batch
  );
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('gatehouse.activity_retention', 'off', true);
  RETURN removed;
END;
$$;
