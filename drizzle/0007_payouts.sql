CREATE TABLE "payout_batches" (
	"tx_hash" text PRIMARY KEY NOT NULL,
	"verified_on_chain" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
CREATE TABLE "withdrawal_approvals" (
	"withdrawal_id" uuid NOT NULL,
	"admin_id" uuid NOT NULL,
	"admin_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdrawal_approvals_withdrawal_id_admin_id_pk" PRIMARY KEY("withdrawal_id","admin_id")
);
--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "usdt_wallet_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "tx_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_withdrawal_id_withdrawal_requests_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawal_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_approvals" ADD CONSTRAINT "withdrawal_approvals_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_tx_hash_payout_batches_tx_hash_fk" FOREIGN KEY ("tx_hash") REFERENCES "public"."payout_batches"("tx_hash") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_unpaid_idx" ON "withdrawal_requests" USING btree ("reviewed_at","id") WHERE "withdrawal_requests"."status" = 'approved' and "withdrawal_requests"."tx_hash" is null;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawals_paid_check" CHECK ("withdrawal_requests"."tx_hash" is null or "withdrawal_requests"."status" = 'approved');