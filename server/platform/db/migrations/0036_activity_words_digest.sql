ALTER TABLE "activity" ADD COLUMN "words_digest" text;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "erased_in" integer;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "erased_digest" text;--> statement-breakpoint
-- The chain covers a digest of each entry's words, not the words (docs/decisions/0055), so erasure
-- replaces words and changes no hash. Two ways past the append-only rule, each set only by its
-- function below for its own statement; neither may change what happened, when, by whom, from
-- where, to which object or at which place in its chain:
-- - erasure: the words, and the marks saying which erasure wrote them; the digest and hashes stay;
-- - the upgrade's re-link: the hashes and the digest of an entry written before this migration;
--   the words and marks stay.
CREATE OR REPLACE FUNCTION "activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('gatehouse.activity_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.id = OLD.id AND NEW.seq = OLD.seq AND NEW.at = OLD.at
    AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.actor_role = OLD.actor_role
    AND NEW.ip IS NOT DISTINCT FROM OLD.ip AND NEW.user_agent IS NOT DISTINCT FROM OLD.user_agent
    AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id AND NEW.action = OLD.action
    AND NEW.object_kind = OLD.object_kind AND NEW.object_id IS NOT DISTINCT FROM OLD.object_id
    AND NEW.property_id IS NOT DISTINCT FROM OLD.property_id THEN
    IF current_setting('gatehouse.activity_erasure', true) = 'on'
      AND OLD.words_digest IS NOT NULL AND NEW.words_digest = OLD.words_digest
      AND NEW.prev_hash = OLD.prev_hash AND NEW.hash = OLD.hash
      AND NEW.erased_in IS NOT NULL AND NEW.erased_digest IS NOT NULL THEN
      RETURN NEW;
    END IF;
    IF current_setting('gatehouse.activity_relink', true) = 'on'
      AND NEW.actor_name = OLD.actor_name AND NEW.summary = OLD.summary AND NEW.changes = OLD.changes
      AND NEW.erased_in IS NOT DISTINCT FROM OLD.erased_in
      AND NEW.erased_digest IS NOT DISTINCT FROM OLD.erased_digest
      AND NEW.words_digest IS NOT NULL AND (OLD.words_digest IS NULL OR NEW.words_digest = OLD.words_digest) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'The activity trail is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
DROP FUNCTION "activity_erasure_rewrite"(jsonb);
--> statement-breakpoint
-- Erasure number `erasure` replaces words: rows is a JSON array of
-- { id, actorName, summary, changes, erased_digest }.
CREATE FUNCTION "activity_erase_words"(erasure integer, rows jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE erased integer;
BEGIN
  PERFORM set_config('gatehouse.activity_erasure', 'on', true);
  UPDATE "activity" AS a
  SET "actor_name" = r."actorName", "summary" = r.summary, "changes" = r.changes,
      "erased_in" = erasure, "erased_digest" = r.erased_digest
  FROM jsonb_to_recordset(rows) AS r(id uuid, "actorName" text, summary text, changes jsonb, erased_digest text)
  WHERE a.id = r.id;
  GET DIAGNOSTICS erased = ROW_COUNT;
  PERFORM set_config('gatehouse.activity_erasure', 'off', true);
  RETURN erased;
END;
$$;
--> statement-breakpoint
-- The upgrade links a chain again over digests: rows is a JSON array of
-- { id, prev_hash, hash, words_digest }, computed by the caller (activity/activity-relink.ts).
CREATE FUNCTION "activity_relink"(rows jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE relinked integer;
BEGIN
  PERFORM set_config('gatehouse.activity_relink', 'on', true);
  UPDATE "activity" AS a
  SET "prev_hash" = r.prev_hash, "hash" = r.hash, "words_digest" = r.words_digest
  FROM jsonb_to_recordset(rows) AS r(id uuid, prev_hash text, hash text, words_digest text)
  WHERE a.id = r.id;
  GET DIAGNOSTICS relinked = ROW_COUNT;
  PERFORM set_config('gatehouse.activity_relink', 'off', true);
  RETURN relinked;
END;
$$;
