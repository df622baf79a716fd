CREATE TABLE "public_log" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seasons" ALTER COLUMN "secret" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ALTER COLUMN "commitment" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "protocol" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "terms" jsonb;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "terms_hash" text;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "beacon_round" integer;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "beacon_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "beacon_signature" text;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "beacon_randomness" text;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "beacon_error" text;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "beacon_checked_at" timestamp with time zone;--> statement-breakpoint
-- The public log is append-only (DECISIONS §5): no code path updates or deletes, and the database refuses it.
CREATE FUNCTION public_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'public_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
CREATE TRIGGER public_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "public_log" FOR EACH ROW EXECUTE FUNCTION public_log_append_only();
--> statement-breakpoint
CREATE TRIGGER public_log_no_truncate BEFORE TRUNCATE ON "public_log" FOR EACH STATEMENT EXECUTE FUNCTION public_log_append_only();
