CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "programme_totals" (
	"id" text PRIMARY KEY DEFAULT 'global' NOT NULL,
	"ambassador_count" integer DEFAULT 0 NOT NULL,
	"total_gcm_earned" numeric(30, 2) DEFAULT '0' NOT NULL,
	"total_usdt_earned" numeric(30, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
INSERT INTO "programme_totals" ("id", "ambassador_count", "total_gcm_earned", "total_usdt_earned")
SELECT 'global', count(*), coalesce(sum("total_gcm_earned"), 0), coalesce(sum("total_usdt_earned"), 0) FROM "ambassadors";
--> statement-breakpoint
CREATE INDEX "ambassadors_list_idx" ON "ambassadors" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "ambassadors_name_trgm_idx" ON "ambassadors" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ambassadors_email_trgm_idx" ON "ambassadors" USING gin ("email" gin_trgm_ops);