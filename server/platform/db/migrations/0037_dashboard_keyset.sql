DROP INDEX "users_property_idx";--> statement-breakpoint
DROP INDEX "visitors_property_idx";--> statement-breakpoint
CREATE INDEX "users_property_idx" ON "users" USING btree ("property_id","created_at","id");--> statement-breakpoint
CREATE INDEX "visitors_property_idx" ON "visitors" USING btree ("property_id","created_at","id");