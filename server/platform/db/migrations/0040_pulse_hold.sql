DROP INDEX "device_pulses_in_flight_unique";--> statement-breakpoint
ALTER TABLE "device_pulses" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "device_pulses" ADD COLUMN "holding" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- A pulse that has answered before this migration holds nothing (decision 0071).
UPDATE "device_pulses" SET "holding" = false WHERE "outcome" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "device_pulses_holding_unique" ON "device_pulses" USING btree ("device_id") WHERE "device_pulses"."holding";
