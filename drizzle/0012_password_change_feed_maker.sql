ALTER TABLE "centre_settings" ADD COLUMN "ical_initials" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ical_tokens" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ical_tokens" ADD CONSTRAINT "ical_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;