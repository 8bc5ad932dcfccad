-- Name/email search reads a stored lowercased concatenation instead of computing it per row: a
-- broad term rechecks or scans tens of thousands of rows to count them, and lower() of the
-- concatenation was most of that time. The trigram indexes move to the stored column.
DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
DROP INDEX "visitors_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email)) STORED;--> statement-breakpoint
ALTER TABLE "visitors" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || email)) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "visitors_search_text_trgm_idx" ON "visitors" USING gin ("search_text" gin_trgm_ops);