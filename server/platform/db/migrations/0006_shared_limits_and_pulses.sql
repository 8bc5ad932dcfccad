CREATE TABLE "device_pulses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"outcome" jsonb
);
--> statement-breakpoint
CREATE TABLE "limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "device_pulses_in_flight_unique" ON "device_pulses" USING btree ("device_id") WHERE "device_pulses"."outcome" is null;--> statement-breakpoint
CREATE INDEX "limit_counters_window_idx" ON "limit_counters" USING btree ("window_ends_at");