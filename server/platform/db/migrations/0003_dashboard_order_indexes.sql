CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "visitors_created_idx" ON "visitors" USING btree ("created_at","id");