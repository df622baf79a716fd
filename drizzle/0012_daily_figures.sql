CREATE TABLE "active_months" (
	"month" date NOT NULL,
	"ambassador_id" uuid NOT NULL,
	CONSTRAINT "active_months_month_ambassador_id_pk" PRIMARY KEY("month","ambassador_id")
);
--> statement-breakpoint
CREATE TABLE "daily_figures" (
	"day" date PRIMARY KEY NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"approved_applications" integer DEFAULT 0 NOT NULL,
	"reports" integer DEFAULT 0 NOT NULL,
	"reviewed_reports" integer DEFAULT 0 NOT NULL,
	"active_ambassadors" integer DEFAULT 0 NOT NULL,
	"gcm_awarded" numeric(30, 2) DEFAULT '0' NOT NULL,
	"usdt_awarded" numeric(30, 2) DEFAULT '0' NOT NULL,
	"withdrawn_usdt" numeric(30, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_times" (
	"day" date NOT NULL,
	"tenths" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "review_times_day_tenths_pk" PRIMARY KEY("day","tenths")
);
--> statement-breakpoint
-- What happened before this migration, counted as src/server/features/analytics/figures.ts counts it from
-- now on (the same statements as its rebuildFigures).
INSERT INTO "daily_figures" ("day", "applications", "approved_applications", "reports", "reviewed_reports", "active_ambassadors", "gcm_awarded", "usdt_awarded", "withdrawn_usdt")
SELECT day, sum(applications), sum(approved), sum(reports), sum(reviewed), sum(active), sum(gcm), sum(usdt), sum(withdrawn)
FROM (
  SELECT ("created_at" AT TIME ZONE 'UTC')::date AS day, count(*) AS applications, 0 AS approved, 0 AS reports, 0 AS reviewed, 0 AS active,
         0::numeric AS gcm, 0::numeric AS usdt, 0::numeric AS withdrawn
    FROM "ambassador_applications" GROUP BY 1
  UNION ALL SELECT ("created_at" AT TIME ZONE 'UTC')::date, 0, count(*), 0, 0, 0, 0, 0, 0 FROM "ambassadors" WHERE "application_id" IS NOT NULL GROUP BY 1
  UNION ALL SELECT ("created_at" AT TIME ZONE 'UTC')::date, 0, 0, count(*), 0, 0, 0, 0, 0 FROM "weekly_reports" GROUP BY 1
  UNION ALL SELECT ("reviewed_at" AT TIME ZONE 'UTC')::date, 0, 0, 0, count(*), 0, 0, 0, 0 FROM "weekly_reports" WHERE "reviewed_at" IS NOT NULL GROUP BY 1
  UNION ALL SELECT first_day, 0, 0, 0, 0, count(*), 0, 0, 0
    FROM (SELECT (min("created_at") AT TIME ZONE 'UTC')::date AS first_day FROM "weekly_reports"
          GROUP BY "ambassador_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC')) firsts GROUP BY 1
  UNION ALL SELECT ("created_at" AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0,
         coalesce(sum("amount") FILTER (WHERE "currency" = 'GCM'), 0), coalesce(sum("amount") FILTER (WHERE "currency" = 'USDT'), 0), 0
    FROM "transactions" WHERE "type" <> 'withdrawal' GROUP BY 1
  UNION ALL SELECT ("reviewed_at" AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, sum("amount")
    FROM "withdrawal_requests" WHERE "status" = 'approved' AND "reviewed_at" IS NOT NULL GROUP BY 1
) figures GROUP BY day;
--> statement-breakpoint
INSERT INTO "active_months" ("month", "ambassador_id")
SELECT DISTINCT date_trunc('month', "created_at" AT TIME ZONE 'UTC')::date, "ambassador_id" FROM "weekly_reports";
--> statement-breakpoint
INSERT INTO "review_times" ("day", "tenths", "n")
SELECT ("reviewed_at" AT TIME ZONE 'UTC')::date, greatest(0, round(extract(epoch FROM "reviewed_at" - "created_at") / 360))::int, count(*)
FROM "weekly_reports" WHERE "reviewed_at" IS NOT NULL GROUP BY 1, 2;
