CREATE TABLE "discord_role_pushes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"ambassador_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"pushed" jsonb,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"chat_id" text NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_telegram" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "discord_role_pushes" ADD CONSTRAINT "discord_role_pushes_ambassador_id_ambassadors_id_fk" FOREIGN KEY ("ambassador_id") REFERENCES "public"."ambassadors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_messages" ADD CONSTRAINT "telegram_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discord_role_pushes_pending_key" ON "discord_role_pushes" USING btree ("kind",coalesce("ambassador_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "discord_role_pushes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "discord_role_pushes_due_idx" ON "discord_role_pushes" USING btree ("next_attempt_at") WHERE "discord_role_pushes"."status" in ('pending', 'sending');--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_messages_seq_idx" ON "telegram_messages" USING btree ("seq");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_messages_dedupe_key" ON "telegram_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "telegram_messages_pending_idx" ON "telegram_messages" USING btree ("chat_id","seq") WHERE "telegram_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "telegram_messages_sent_idx" ON "telegram_messages" USING btree ("sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "telegram_messages_chat_sent_idx" ON "telegram_messages" USING btree ("chat_id","sent_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "telegram_messages_attempt_idx" ON "telegram_messages" USING btree ("last_attempt_at" DESC NULLS LAST);