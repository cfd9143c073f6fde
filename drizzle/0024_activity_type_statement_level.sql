-- An activity's type (migration 0020) is checked like the plan's other references (migration 0023,
-- docs/decisions/0037-plan-links-statement-level.md): once per statement, not by a foreign key's
-- row-level trigger, so a planner's or a template's bulk insert of typed activities costs no query per
-- row. Same rule and same refusal as the foreign key it replaces: the type must exist (SQLSTATE 23503,
-- the constraint's name), and a type still named by an activity cannot be deleted (types are archived,
-- never deleted, but the database keeps the rule).
ALTER TABLE "activities" DROP CONSTRAINT "activities_type_id_activity_types_id_fk";
--> statement-breakpoint
DROP TRIGGER activities_plan_refs_insert ON "activities";
--> statement-breakpoint
DROP TRIGGER activities_plan_refs_update ON "activities";
--> statement-breakpoint
CREATE TRIGGER activities_plan_refs_insert AFTER INSERT ON "activities" REFERENCING NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('room_id', 'rooms', 'activities_room_id_rooms_id_fk', 'transport_run_id', 'transport_runs', 'activities_transport_run_id_transport_runs_id_fk', 'type_id', 'activity_types', 'activities_type_id_activity_types_id_fk');
--> statement-breakpoint
CREATE TRIGGER activities_plan_refs_update AFTER UPDATE ON "activities" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_exist('room_id', 'rooms', 'activities_room_id_rooms_id_fk', 'transport_run_id', 'transport_runs', 'activities_transport_run_id_transport_runs_id_fk', 'type_id', 'activity_types', 'activities_type_id_activity_types_id_fk');
--> statement-breakpoint
CREATE TRIGGER activity_types_plan_refs_delete AFTER DELETE ON "activity_types" REFERENCING OLD TABLE AS plan_old FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('activities', 'type_id', 'activities_type_id_activity_types_id_fk');
--> statement-breakpoint
CREATE TRIGGER activity_types_plan_refs_update AFTER UPDATE ON "activity_types" REFERENCING OLD TABLE AS plan_old NEW TABLE AS plan_new FOR EACH STATEMENT
  EXECUTE FUNCTION plan_refs_restrict('activities', 'type_id', 'activities_type_id_activity_types_id_fk');
