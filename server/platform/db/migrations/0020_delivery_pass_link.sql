ALTER TABLE "delivery_passes" ADD COLUMN "link_hash" text;--> statement-breakpoint
ALTER TABLE "delivery_passes" ADD COLUMN "link_sealed" text;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_passes_link_unique" ON "delivery_passes" USING btree ("link_hash");