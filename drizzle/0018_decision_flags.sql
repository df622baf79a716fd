ALTER TABLE "ambassador_applications" ADD COLUMN "decision_flags" text[];--> statement-breakpoint
ALTER TABLE "ambassadors" ADD COLUMN "suspension_flags" text[];--> statement-breakpoint
ALTER TABLE "appeals" ADD COLUMN "decision_flags" text[];--> statement-breakpoint
ALTER TABLE "weekly_reports" ADD COLUMN "decision_flags" text[];--> statement-breakpoint
ALTER TABLE "withdrawal_requests" ADD COLUMN "decision_flags" text[];