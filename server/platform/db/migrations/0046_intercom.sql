CREATE TABLE "intercom_call_photos" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"property_id" uuid NOT NULL,
	"jpeg" "bytea" NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intercom_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"callee_user_id" uuid NOT NULL,
	"gate_name" text NOT NULL,
	"display_name" text NOT NULL,
	"status" text DEFAULT 'ringing' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ring_until" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"answered_session_id" uuid,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"reader_seen_at" timestamp with time zone NOT NULL,
	"resident_seen_at" timestamp with time zone,
	"opened_log_id" uuid,
	"opened_at" timestamp with time zone,
	CONSTRAINT "intercom_calls_status" CHECK ("intercom_calls"."status" in ('ringing', 'answered', 'declined', 'missed', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "intercom_listings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"display_name" text,
	"hidden_by_manager" boolean DEFAULT false NOT NULL,
	CONSTRAINT "intercom_listings_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "intercom_settings" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"call_photo_retention_days" integer DEFAULT 30 NOT NULL,
	CONSTRAINT "intercom_settings_photo_days" CHECK ("intercom_settings"."call_photo_retention_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "intercom_signals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"call_id" uuid NOT NULL,
	"from_side" text NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_intercom" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "intercom_call_photos" ADD CONSTRAINT "intercom_call_photos_call_id_intercom_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."intercom_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercom_calls" ADD CONSTRAINT "intercom_calls_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercom_calls" ADD CONSTRAINT "intercom_calls_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercom_calls" ADD CONSTRAINT "intercom_calls_callee_user_id_users_id_fk" FOREIGN KEY ("callee_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercom_listings" ADD CONSTRAINT "intercom_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercom_settings" ADD CONSTRAINT "intercom_settings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intercom_signals" ADD CONSTRAINT "intercom_signals_call_id_intercom_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."intercom_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intercom_call_photos_property_idx" ON "intercom_call_photos" USING btree ("property_id","taken_at");--> statement-breakpoint
CREATE INDEX "intercom_calls_callee_idx" ON "intercom_calls" USING btree ("callee_user_id","started_at");--> statement-breakpoint
CREATE INDEX "intercom_calls_property_idx" ON "intercom_calls" USING btree ("property_id","started_at");--> statement-breakpoint
CREATE INDEX "intercom_calls_started_idx" ON "intercom_calls" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "intercom_calls_live_idx" ON "intercom_calls" USING btree ("status") WHERE "intercom_calls"."status" in ('ringing', 'answered');--> statement-breakpoint
CREATE INDEX "intercom_signals_call_idx" ON "intercom_signals" USING btree ("call_id","id");