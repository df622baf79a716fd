ALTER TABLE "log_anchors" ADD COLUMN "priced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "log_anchors" ADD COLUMN "earlier_tx_hashes" text[] DEFAULT '{}'::text[] NOT NULL;