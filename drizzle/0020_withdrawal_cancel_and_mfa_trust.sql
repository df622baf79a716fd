ALTER TABLE "withdrawal_requests" DROP CONSTRAINT "withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_enrolled_under_set_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawals_cancelled_check" CHECK (("withdrawal_requests"."status" = 'cancelled') = ("withdrawal_requests"."cancelled_at" is not null));--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD CONSTRAINT "withdrawals_status_check" CHECK ("withdrawal_requests"."status" in ('pending', 'approved', 'rejected', 'cancelled'));