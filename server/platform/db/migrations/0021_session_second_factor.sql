ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "totp_pending_sealed" text;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "totp_pending_sealed";--> statement-breakpoint
-- No session of a user with a second factor recorded passing it until now, and some never did
-- (a password-only session must not count as passed): those users sign in once more, with their factor.
UPDATE "sessions" SET "ended_at" = now()
WHERE "ended_at" IS NULL AND "user_id" IN (
  SELECT "id" FROM "users" WHERE "totp_secret_sealed" IS NOT NULL
  UNION SELECT "user_id" FROM "passkeys"
);
