CREATE TABLE "relay_log_daily_counts" (
	"property_key" uuid NOT NULL,
	"caller_type" text NOT NULL,
	"day" date NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "relay_log_daily_counts_property_key_caller_type_day_pk" PRIMARY KEY("property_key","caller_type","day")
);
--> statement-breakpoint
CREATE INDEX "relay_log_daily_counts_day_idx" ON "relay_log_daily_counts" USING btree ("day");