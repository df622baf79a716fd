ALTER TABLE "transactions" ADD COLUMN "description_kind" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "description_values" jsonb;--> statement-breakpoint
-- Entries recorded before: what their words say (shared/ledger-descriptions.ts wrote them), once, here.
UPDATE "transactions" AS t SET "description_kind" = 'reward', "description_values" = jsonb_strip_nulls(jsonb_build_object('currency', r.m[1], 'start', r.m[2], 'end', r.m[3], 'onAppeal', CASE WHEN r.m[4] IS NOT NULL THEN 'true' END))
FROM (SELECT "id", regexp_match("description", '^(GCM|USDT) reward for weekly report (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})( \(approved on appeal\))?$') AS m FROM "transactions" WHERE "description_kind" IS NULL) AS r
WHERE t."id" = r."id" AND r.m IS NOT NULL;--> statement-breakpoint
UPDATE "transactions" AS t SET "description_kind" = 'withdrawal', "description_values" = jsonb_build_object('address', r.m[1])
FROM (SELECT "id", regexp_match("description", '^USDT withdrawal to (\S+)$') AS m FROM "transactions" WHERE "description_kind" IS NULL AND "type" = 'withdrawal') AS r
WHERE t."id" = r."id" AND r.m IS NOT NULL;--> statement-breakpoint
UPDATE "transactions" AS t SET "description_kind" = 'prize', "description_values" = jsonb_build_object('rank', r.m[1], 'month', t."season_month")
FROM (SELECT "id", regexp_match("description", '^(\d+)(?:st|nd|rd|th) place prize, ') AS m FROM "transactions" WHERE "description_kind" IS NULL AND "type" = 'prize' AND "season_month" IS NOT NULL) AS r
WHERE t."id" = r."id" AND r.m IS NOT NULL;--> statement-breakpoint
UPDATE "transactions" SET "description_kind" = 'lottery', "description_values" = jsonb_build_object('month', "season_month")
WHERE "description_kind" IS NULL AND "type" = 'lottery' AND "season_month" IS NOT NULL AND "description" LIKE 'Lottery win, %';--> statement-breakpoint
UPDATE "transactions" SET "description_kind" = 'task', "description_values" = jsonb_build_object('title', substr("description", 7))
WHERE "description_kind" IS NULL AND "task_claim_id" IS NOT NULL AND "description" LIKE 'Task: %';--> statement-breakpoint
UPDATE "transactions" SET "description_kind" = 'referral', "description_values" = jsonb_build_object('name', substr("description", 11))
WHERE "description_kind" IS NULL AND "referral_id" IS NOT NULL AND "description" LIKE 'Referral: %';
