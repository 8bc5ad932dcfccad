CREATE TABLE "gate_holds" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"schedule" jsonb,
	"manual_state" text,
	"manual_until" timestamp with time zone,
	"manual_by" uuid,
	"manual_by_name" text,
	"asserted_on" boolean DEFAULT false NOT NULL,
	"asserted_cause" text,
	"asserted_at" timestamp with time zone,
	"needs_assert" boolean DEFAULT false NOT NULL,
	"lease_id" uuid,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "gate_holds" ADD CONSTRAINT "gate_holds_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_holds" ADD CONSTRAINT "gate_holds_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gate_holds" ADD CONSTRAINT "gate_holds_manual_by_users_id_fk" FOREIGN KEY ("manual_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gate_holds_property_idx" ON "gate_holds" USING btree ("property_id");