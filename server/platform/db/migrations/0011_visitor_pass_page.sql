ALTER TABLE "qr_codes" ADD COLUMN "pass_link_hash" text;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "token_sealed" text;--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_pass_link_unique" ON "qr_codes" USING btree ("pass_link_hash");