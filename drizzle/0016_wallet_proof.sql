CREATE TABLE "wallet_proof_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"method" text NOT NULL,
	"verified_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_proofs_method_check" CHECK ("wallet_proofs"."method" in ('eoa', 'contract'))
);
--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "wallet_proof_id" uuid;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "wallet_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "wallet_exchange_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "wallet_proof" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "wallet_proof_id" uuid;--> statement-breakpoint
ALTER TABLE "wallet_proof_nonces" ADD CONSTRAINT "wallet_proof_nonces_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_proofs" ADD CONSTRAINT "wallet_proofs_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_proof_nonces_ambassador_idx" ON "wallet_proof_nonces" USING btree ("ambassador_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_proof_nonces_expires_idx" ON "wallet_proof_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "wallet_proofs_ambassador_idx" ON "wallet_proofs" USING btree ("ambassador_id","verified_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "wallet_proofs_address_idx" ON "wallet_proofs" USING btree (lower("address"));--> statement-breakpoint
ALTER TABLE "ambassadors" ADD CONSTRAINT "ambassadors_wallet_proof_id_wallet_proofs_id_fk" FOREIGN KEY ("wallet_proof_id") REFERENCES "public"."wallet_proofs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawal_requests_wallet_proof_id_wallet_proofs_id_fk" FOREIGN KEY ("wallet_proof_id") REFERENCES "public"."wallet_proofs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawals_wallet_proof_idx" ON "withdrawal_requests" USING btree ("wallet_proof","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "ambassadors" ADD CONSTRAINT "ambassadors_wallet_proof_check" CHECK ("ambassadors"."wallet_verified_at" is null or "ambassadors"."wallet_exchange_at" is null);--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawals_wallet_proof_check" CHECK ("withdrawal_requests"."wallet_proof" in ('verified', 'exchange', 'none'));