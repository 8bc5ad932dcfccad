CREATE TABLE "access_group_gates" (
	"group_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	CONSTRAINT "access_group_gates_group_id_device_id_pk" PRIMARY KEY("group_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "access_group_members" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "access_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "access_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"name" text NOT NULL,
	"all_gates" boolean DEFAULT false NOT NULL,
	"all_residents" boolean DEFAULT false NOT NULL,
	"schedule" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lockdowns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"gate_ids" uuid[],
	"reason" text NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" uuid
);
--> statement-breakpoint
ALTER TABLE "delivery_passes" ADD COLUMN "gate_ids" uuid[];--> statement-breakpoint
ALTER TABLE "qr_codes" ADD COLUMN "gate_ids" uuid[];--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_from" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "access_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "opens_during_lockdown" boolean;--> statement-breakpoint
ALTER TABLE "access_group_gates" ADD CONSTRAINT "access_group_gates_group_id_access_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."access_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_group_gates" ADD CONSTRAINT "access_group_gates_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_group_members" ADD CONSTRAINT "access_group_members_group_id_access_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."access_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_group_members" ADD CONSTRAINT "access_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_groups" ADD CONSTRAINT "access_groups_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockdowns" ADD CONSTRAINT "lockdowns_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockdowns" ADD CONSTRAINT "lockdowns_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockdowns" ADD CONSTRAINT "lockdowns_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_group_gates_device_idx" ON "access_group_gates" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "access_group_members_user_idx" ON "access_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "access_groups_property_name_unique" ON "access_groups" USING btree ("property_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "lockdowns_one_active" ON "lockdowns" USING btree ("property_id") WHERE "lockdowns"."ended_at" is null;--> statement-breakpoint
-- Every property starts with "All residents": every gate, always (today's behaviour).
INSERT INTO "access_groups" ("property_id", "name", "all_gates", "all_residents", "schedule")
SELECT "id", 'All residents', true, true,
  '{"weekly":{"mon":[{"from":"00:00","to":"24:00"}],"tue":[{"from":"00:00","to":"24:00"}],"wed":[{"from":"00:00","to":"24:00"}],"thu":[{"from":"00:00","to":"24:00"}],"fri":[{"from":"00:00","to":"24:00"}],"sat":[{"from":"00:00","to":"24:00"}],"sun":[{"from":"00:00","to":"24:00"}]},"exceptions":[]}'::jsonb
FROM "properties";
--> statement-breakpoint
-- A trigger, not application code, so every way a property is made (the API, bulk upload, seeds,
-- restores) gives it the group.
CREATE FUNCTION "access_groups_for_new_property"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "access_groups" ("property_id", "name", "all_gates", "all_residents", "schedule")
  VALUES (NEW."id", 'All residents', true, true,
    '{"weekly":{"mon":[{"from":"00:00","to":"24:00"}],"tue":[{"from":"00:00","to":"24:00"}],"wed":[{"from":"00:00","to":"24:00"}],"thu":[{"from":"00:00","to":"24:00"}],"fri":[{"from":"00:00","to":"24:00"}],"sat":[{"from":"00:00","to":"24:00"}],"sun":[{"from":"00:00","to":"24:00"}]},"exceptions":[]}'::jsonb);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "properties_all_residents_group" AFTER INSERT ON "properties"
  FOR EACH ROW EXECUTE FUNCTION "access_groups_for_new_property"();
