CREATE TABLE "erasures" (
	"n" serial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	"erased_by" uuid
);
--> statement-breakpoint
-- Erasure (docs/decisions/0051) is the one way a trail row changes: under
-- gatehouse.activity_erasure, set only by activity_erasure_rewrite below for its own statement,
-- a row's words (actor name, summary, changes) and its hashes may be rewritten; what happened,
-- when, to which object and at which place in its chain may not.
CREATE OR REPLACE FUNCTION "activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('gatehouse.activity_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND current_setting('gatehouse.activity_erasure', true) = 'on'
    AND NEW.id = OLD.id AND NEW.seq = OLD.seq AND NEW.at = OLD.at
    AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.actor_role = OLD.actor_role
    AND NEW.ip IS NOT DISTINCT FROM OLD.ip AND NEW.user_agent IS NOT DISTINCT FROM OLD.user_agent
    AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id AND NEW.action = OLD.action
    AND NEW.object_kind = OLD.object_kind AND NEW.object_id IS NOT DISTINCT FROM OLD.object_id
    AND NEW.property_id IS NOT DISTINCT FROM OLD.property_id THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'The activity trail is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
-- Rewrites trail rows for an erasure: rows is a JSON array of
-- { id, actor_name, summary, changes, prev_hash, hash }, the chain already recomputed by the caller.
CREATE FUNCTION "activity_erasure_rewrite"(rows jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE rewritten integer;
BEGIN
  PERFORM set_config('gatehouse.activity_erasure', 'on', true);
  UPDATE "activity" AS a
  SET "actor_name" = r.actor_name, "summary" = r.summary, "changes" = r.changes,
      "prev_hash" = r.prev_hash, "hash" = r.hash
  FROM jsonb_to_recordset(rows) AS r(id uuid, actor_name text, summary text, changes jsonb, prev_hash text, hash text)
  WHERE a.id = r.id;
  GET DIAGNOSTICS rewritten = ROW_COUNT;
  PERFORM set_config('gatehouse.activity_erasure', 'off', true);
  RETURN rewritten;
END;
$$;
