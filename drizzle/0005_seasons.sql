CREATE TABLE "season_entrants" (
	"month" text NOT NULL,
	"ambassador_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	CONSTRAINT "season_entrants_month_ambassador_id_pk" PRIMARY KEY("month","ambassador_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"month" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"commitment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"beacon" text,
	"list_hash" text,
	"entrant_count" integer,
	"champions" jsonb,
	"lottery_winners" jsonb,
	CONSTRAINT "seasons_month_check" CHECK ("seasons"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_sign_check";--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "season_month" text;--> statement-breakpoint
ALTER TABLE "season_entrants" ADD CONSTRAINT "season_entrants_month_seasons_month_fk" FOREIGN KEY ("month") REFERENCES "public"."seasons"("month") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seasons_closed_idx" ON "seasons" USING btree ("closed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_season_key" ON "transactions" USING btree ("season_month","ambassador_id","type") WHERE "transactions"."season_month" is not null;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sign_check" CHECK (("transactions"."type" = 'reward' and "transactions"."amount" > 0) or ("transactions"."type" = 'withdrawal' and "transactions"."amount" < 0 and "transactions"."currency" = 'USDT') or ("transactions"."type" in ('prize', 'lottery') and "transactions"."amount" > 0 and "transactions"."currency" = 'USDT' and "transactions"."season_month" is not null));