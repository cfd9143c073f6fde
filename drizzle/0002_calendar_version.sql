CREATE TABLE "calendar_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "calendar_version_single_row" CHECK ("calendar_version"."id" = 1)
);
