-- Each claim's number among its ambassador's claims of its task and period (issue 43, ADR 029's fifth
-- pass): the existing ones numbered by when they were made, then unique, so claims recorded at once
-- without a lock cannot pass the attempts a period allows.
ALTER TABLE "task_claims" ADD COLUMN "attempt" smallint;--> statement-breakpoint
UPDATE "task_claims" c SET "attempt" = n.attempt
  FROM (SELECT "id", row_number() OVER (PARTITION BY "task_id", "ambassador_id", "period_key" ORDER BY "created_at", "id") AS attempt FROM "task_claims") n
  WHERE c."id" = n."id";--> statement-breakpoint
ALTER TABLE "task_claims" ALTER COLUMN "attempt" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "task_claims_attempt_key" ON "task_claims" USING btree ("task_id","ambassador_id","period_key","attempt");
