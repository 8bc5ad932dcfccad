CREATE TABLE "activity_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"first_prev_hash" text NOT NULL,
	"mac" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- docs/decisions/0069: no session setting opens the trail any more (the app's own login can set
-- any of them). What may happen to a row is decided by the row itself:
-- - DELETE: only an entry older than its property's activity retention (entries of no property:
--   84 months), measured by the database's clock; TRUNCATE never;
-- - UPDATE, erasure: the words and the marks of an erasure that exists; what happened, when, by
--   whom, from where, to which object, its digest and its place in the chain stay;
-- - UPDATE, the upgrade of migration 0036: hashes linked again over words' digests (an entry with
--   none gets one); the words and marks stay. Hashes anyone can compute: the signed head
--   (activity_heads) is what a chain linked again by someone else fails to match.
-- A login that can still get past (by disabling the trigger, dropping a check, or forging an
-- erasure) is named by audit:verify: the chain's ends and each erasure's mark are signed with a
-- key the database does not hold.
CREATE OR REPLACE FUNCTION "activity_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE months integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT "activity_retention_months" INTO months FROM "properties" WHERE "id" = OLD.property_id;
    IF OLD.at < now() - make_interval(months => greatest(coalesce(months, 84), 12)) THEN
      RETURN OLD;
    END IF;
  ELSIF TG_OP = 'UPDATE' AND NEW.id = OLD.id AND NEW.seq = OLD.seq AND NEW.at = OLD.at
    AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id AND NEW.actor_role = OLD.actor_role
    AND NEW.ip IS NOT DISTINCT FROM OLD.ip AND NEW.user_agent IS NOT DISTINCT FROM OLD.user_agent
    AND NEW.request_id IS NOT DISTINCT FROM OLD.request_id AND NEW.action = OLD.action
    AND NEW.object_kind = OLD.object_kind AND NEW.object_id IS NOT DISTINCT FROM OLD.object_id
    AND NEW.property_id IS NOT DISTINCT FROM OLD.property_id THEN
    IF OLD.words_digest IS NOT NULL AND NEW.words_digest = OLD.words_digest
      AND NEW.prev_hash = OLD.prev_hash AND NEW.hash = OLD.hash
      AND NEW.erased_digest IS NOT NULL
      AND EXISTS (SELECT 1 FROM "erasures" WHERE "n" = NEW.erased_in) THEN
      RETURN NEW;
    END IF;
    IF NEW.words_digest IS NOT NULL AND (OLD.words_digest IS NULL OR NEW.words_digest = OLD.words_digest)
      AND NEW.actor_name = OLD.actor_name AND NEW.summary = OLD.summary AND NEW.changes = OLD.changes
      AND NEW.erased_in IS NOT DISTINCT FROM OLD.erased_in
      AND NEW.erased_digest IS NOT DISTINCT FROM OLD.erased_digest THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'The activity trail is append-only: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
DROP FUNCTION "activity_retention_delete"(uuid, timestamptz, integer);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "activity_erase_words"(erasure integer, rows jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE erased integer;
BEGIN
  UPDATE "activity" AS a
  SET "actor_name" = r."actorName", "summary" = r.summary, "changes" = r.changes,
      "erased_in" = erasure, "erased_digest" = r.erased_digest
  FROM jsonb_to_recordset(rows) AS r(id uuid, "actorName" text, summary text, changes jsonb, erased_digest text)
  WHERE a.id = r.id;
  GET DIAGNOSTICS erased = ROW_COUNT;
  RETURN erased;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "activity_relink"(rows jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE relinked integer;
BEGIN
  UPDATE "activity" AS a
  SET "prev_hash" = r.prev_hash, "hash" = r.hash, "words_digest" = r.words_digest
  FROM jsonb_to_recordset(rows) AS r(id uuid, prev_hash text, hash text, words_digest text)
  WHERE a.id = r.id;
  GET DIAGNOSTICS relinked = ROW_COUNT;
  RETURN relinked;
END;
$$;
--> statement-breakpoint
-- A chain's signed ends move, never go: a removed head would let a removed chain pass unnoticed.
CREATE FUNCTION "activity_heads_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The activity trail''s signed heads are kept: % is refused', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "activity_heads_kept_rows" BEFORE DELETE ON "activity_heads"
  FOR EACH ROW EXECUTE FUNCTION "activity_heads_kept"();
--> statement-breakpoint
CREATE TRIGGER "activity_heads_kept_truncate" BEFORE TRUNCATE ON "activity_heads"
  FOR EACH STATEMENT EXECUTE FUNCTION "activity_heads_kept"();
