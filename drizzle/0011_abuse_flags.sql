CREATE TABLE "report_links" (
	"report_id" uuid NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "report_links_report_id_url_pk" PRIMARY KEY("report_id","url")
);
--> statement-breakpoint
ALTER TABLE "ambassador_applications" ADD COLUMN "network_hash" text;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_report_id_weekly_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."weekly_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_links_url_idx" ON "report_links" USING btree ("url","ambassador_id");--> statement-breakpoint
CREATE INDEX "applications_network_idx" ON "ambassador_applications" USING btree ("network_hash","created_at");--> statement-breakpoint
CREATE INDEX "applications_telegram_idx" ON "ambassador_applications" USING btree (lower("personal_telegram_handle"));--> statement-breakpoint
CREATE INDEX "ambassadors_usdt_wallet_idx" ON "ambassadors" USING btree (lower("usdt_wallet_address"));--> statement-breakpoint
CREATE INDEX "ambassadors_telegram_idx" ON "ambassadors" USING btree (lower("personal_telegram_handle"));--> statement-breakpoint
CREATE INDEX "withdrawals_wallet_idx" ON "withdrawal_requests" USING btree (lower("wallet_address"));--> statement-breakpoint
-- Reports sent before this migration: their links, normalised as src/server/features/abuse/links.ts does.
INSERT INTO "report_links" ("report_id", "ambassador_id", "url")
SELECT DISTINCT r."id", r."ambassador_id", n.url
FROM "weekly_reports" r
CROSS JOIN LATERAL (
  SELECT regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower(m[1]), '[.,;:!?)\]}>]+$', ''), '#.*$', ''), '^https?://(www\.)?', ''), '/+$', '') AS url
  FROM regexp_matches(r."activity_report", '(https?://[^\s<>"''`]+)', 'gi') AS m
) n
WHERE n.url ~ '^[^/]+/.'
ON CONFLICT DO NOTHING;
