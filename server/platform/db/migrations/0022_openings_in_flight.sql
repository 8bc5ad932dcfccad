-- Gate openings whose relay has not answered yet (docs/decisions/0021); relay_logs.status gains
-- pending and unknown, a text column without a check, so it needs no change here.
CREATE TABLE "openings_in_flight" (
	"log_id" uuid PRIMARY KEY NOT NULL,
	"lease_until" timestamp with time zone NOT NULL
);
