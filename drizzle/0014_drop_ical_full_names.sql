ALTER TABLE "ical_tokens" ALTER COLUMN "created_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "centre_settings" DROP COLUMN "ical_full_names";