-- Jobs are leased with a token (renewed while they run), their payload is cleared once finished, and
-- finished rows are purged by the queue. Payloads of jobs finished before this version held sent
-- emails in plain text (links that still worked, QR images): cleared here.
ALTER TABLE "jobs" ALTER COLUMN "payload" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "lease_token" uuid;--> statement-breakpoint
CREATE INDEX "jobs_done_idx" ON "jobs" USING btree ("done_at") WHERE "jobs"."done_at" is not null;--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("failed_at") WHERE "jobs"."failed_at" is not null;--> statement-breakpoint
UPDATE "jobs" SET "payload" = NULL WHERE "done_at" IS NOT NULL OR "failed_at" IS NOT NULL;
