ALTER TABLE "devices" ALTER COLUMN "device_ip_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "mqtt_topic" text;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "mqtt_password_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_mqtt_topic_unique" ON "devices" USING btree ("mqtt_topic");--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_one_address" CHECK (("devices"."mqtt_topic" is null) = ("devices"."device_ip_address" is not null));