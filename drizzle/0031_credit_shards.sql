-- The programme's totals and the day's figures without one row every credit waits on (ADR 029, third
-- pass). A task claim's credit held both rows from its statement through its commit's WAL flush, so
-- credits of different ambassadors committed one after another. Now a claim's credit takes one of
-- sixteen shard rows of programme_totals that no other transaction holds (FOR UPDATE SKIP LOCKED) and
-- writes the day's money on the day's row of the same shard; every other change keeps writing the
-- 'global' row (shard 0) and the day's shard 0. The figures are the sums of the rows: the public
-- stats sum programme_totals, the Analytics tab and the seasons' summary sum a day's rows.
ALTER TABLE "programme_totals" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "programme_totals_shard_key" ON "programme_totals" USING btree ("shard");--> statement-breakpoint
INSERT INTO "programme_totals" ("id", "shard") SELECT 'shard-' || n, n FROM generate_series(1, 16) AS n;--> statement-breakpoint
ALTER TABLE "daily_figures" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_figures" DROP CONSTRAINT "daily_figures_pkey";--> statement-breakpoint
ALTER TABLE "daily_figures" ADD CONSTRAINT "daily_figures_day_shard_pk" PRIMARY KEY("day","shard");
