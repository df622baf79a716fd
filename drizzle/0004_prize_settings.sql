ALTER TABLE "system_settings" ADD COLUMN "prizes_usdt" jsonb DEFAULT '["300.00","200.00","100.00","50.00","50.00"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "lottery_winners" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "lottery_prize_usdt" numeric(20, 2) DEFAULT '20.00' NOT NULL;