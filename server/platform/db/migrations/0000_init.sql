CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"device_name" text NOT NULL,
	"device_label" text,
	"device_type" text DEFAULT 'gate' NOT NULL,
	"device_ip_address" text NOT NULL,
	"driver" text DEFAULT 'shelly-gen1' NOT NULL,
	"channel" integer DEFAULT 0 NOT NULL,
	"pulse_seconds" integer DEFAULT 1 NOT NULL,
	"driver_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credentials_encrypted" text,
	"device_key_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_name" text NOT NULL,
	"property_location" text NOT NULL,
	"property_features" text[] DEFAULT '{qr}'::text[] NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qr_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"qr_first_name" text NOT NULL,
	"qr_last_name" text NOT NULL,
	"qr_type" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"lifetime_validity" boolean DEFAULT false NOT NULL,
	"recurring_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"multiple_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qr_notification" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relay_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"property_id" uuid,
	"device_id" uuid,
	"actor_user_id" uuid,
	"creator_user_id" uuid,
	"caller_type" text NOT NULL,
	"user_details" jsonb,
	"visitor_details" jsonb,
	"qr_code_details" jsonb,
	"creator_details" jsonb,
	"device_details" jsonb,
	"property_details" jsonb,
	"status" text NOT NULL,
	"reason" text,
	"relay_operations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_duration_ms" integer DEFAULT 0 NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text,
	"role" text NOT NULL,
	"property_id" uuid,
	"password_hash" text,
	"pref_email" boolean DEFAULT false NOT NULL,
	"pref_sms" boolean DEFAULT false NOT NULL,
	"secure_pin_encrypted" text,
	"secure_pin_hmac" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"property_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_visitor_id_visitors_id_fk" FOREIGN KEY ("visitor_id") REFERENCES "public"."visitors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_codes" ADD CONSTRAINT "qr_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitors" ADD CONSTRAINT "visitors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_unique" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_idx" ON "account_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "devices_property_idx" ON "devices" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_key_unique" ON "devices" USING btree ("device_key_hash");--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null and "jobs"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "properties_name_idx" ON "properties" USING btree ("property_name");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_codes_token_unique" ON "qr_codes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "qr_codes_visitor_idx" ON "qr_codes" USING btree ("visitor_id");--> statement-breakpoint
CREATE INDEX "qr_codes_creator_idx" ON "qr_codes" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "qr_codes_property_idx" ON "qr_codes" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "relay_logs_time_idx" ON "relay_logs" USING btree ("timestamp");--> statement-breakpoint
CREATE INDEX "relay_logs_property_time_idx" ON "relay_logs" USING btree ("property_id","timestamp");--> statement-breakpoint
CREATE INDEX "relay_logs_actor_time_idx" ON "relay_logs" USING btree ("actor_user_id","timestamp");--> statement-breakpoint
CREATE INDEX "relay_logs_creator_time_idx" ON "relay_logs" USING btree ("creator_user_id","timestamp");--> statement-breakpoint
CREATE INDEX "relay_logs_search_trgm_idx" ON "relay_logs" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_property_pin_unique" ON "users" USING btree ("property_id","secure_pin_hmac");--> statement-breakpoint
CREATE INDEX "users_property_idx" ON "users" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "visitors_creator_email_unique" ON "visitors" USING btree ("created_by",lower("email"));--> statement-breakpoint
CREATE INDEX "visitors_property_idx" ON "visitors" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "visitors_search_trgm_idx" ON "visitors" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email")) gin_trgm_ops);