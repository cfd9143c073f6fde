ALTER TABLE "centre_settings" ADD COLUMN "regione" text;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "asl" text;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "struttura" text;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "dsm" text;--> statement-breakpoint
ALTER TABLE "centre_settings" ADD COLUMN "tipo_struttura_sism" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "codice_fiscale" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "asl_residenza" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "id_regionale" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "id_contatto" text;
