CREATE TABLE "log_anchors" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"hash" text NOT NULL,
	"tx_hash" text NOT NULL,
	"raw_tx" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"logged_at" timestamp with time zone
);
