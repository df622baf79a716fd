ALTER TABLE "sessions" ADD COLUMN "mfa_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_chosen_by_self" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- An admin whose password a super admin set (the activity log's reset_admin_password) has not chosen
-- it, as far as this database can tell: the approval counts again once they set their own.
UPDATE "users" SET "password_chosen_by_self" = false WHERE "is_admin" AND EXISTS (SELECT 1 FROM "admin_actions" a WHERE a."action" = 'reset_admin_password' AND a."target_id" = "users"."id"::text);
