CREATE TABLE "delivery_passes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"pin_sealed" text NOT NULL,
	"pin_lookup" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"uses_allowed" integer NOT NULL,
	"uses_taken" integer DEFAULT 0 NOT NULL,
	"notify" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "delivery_passes" ADD CONSTRAINT "delivery_passes_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_passes" ADD CONSTRAINT "delivery_passes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_passes_token_unique" ON "delivery_passes" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_passes_live_pin_unique" ON "delivery_passes" USING btree ("property_id","pin_lookup");--> statement-breakpoint
CREATE INDEX "delivery_passes_property_idx" ON "delivery_passes" USING btree ("property_id","created_at");