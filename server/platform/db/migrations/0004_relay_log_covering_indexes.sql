-- A log search counts its matches inside a property or a date range from the index alone
-- (index-only scans) instead of visiting the wide rows: the time and property-time indexes carry
-- the columns a log filter tests. drizzle's index builder cannot declare INCLUDE, so schema.ts
-- keeps these names and keys only. search_text is kept short enough for a btree index entry.
UPDATE "relay_logs" SET "search_text" = left("search_text", 600) WHERE length("search_text") > 600;--> statement-breakpoint
DROP INDEX IF EXISTS "relay_logs_time_idx";--> statement-breakpoint
CREATE INDEX "relay_logs_time_idx" ON "relay_logs" USING btree ("timestamp") INCLUDE ("property_id", "caller_type", "search_text");--> statement-breakpoint
DROP INDEX IF EXISTS "relay_logs_property_time_idx";--> statement-breakpoint
CREATE INDEX "relay_logs_property_time_idx" ON "relay_logs" USING btree ("property_id", "timestamp") INCLUDE ("caller_type", "search_text");--> statement-breakpoint
-- Index-only scans skip the row only on pages vacuum has marked all-visible; an append-only log
-- would otherwise wait for a fifth of its size in new rows before the next vacuum.
ALTER TABLE "relay_logs" SET (autovacuum_vacuum_insert_scale_factor = 0.01);
