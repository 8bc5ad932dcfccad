CREATE TABLE "device_health" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"reader_seen_at" timestamp with time zone,
	"relay_seen_at" timestamp with time zone,
	"relay_failing_since" timestamp with time zone,
	"offline_notice_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_health" ADD CONSTRAINT "device_health_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;