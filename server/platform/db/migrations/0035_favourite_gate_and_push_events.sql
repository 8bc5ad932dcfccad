ALTER TABLE "users" ADD COLUMN "push_gate_failed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_keypad_locked" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_lockdown" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "favourite_device_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_favourite_device_id_devices_id_fk" FOREIGN KEY ("favourite_device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;