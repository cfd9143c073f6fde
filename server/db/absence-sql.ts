/**
 * Whether a person is absent on a day, as one SQL expression: the reason
 * (`malattia`, `ferie`, …) or NULL. Used by every query that must agree on it:
 * the day's answer ("Assente"), the paste that leaves absent people out, the
 * removal from a day's activities, the roll call and the register.
 *
 * A patient's roll-call mark of the day wins over a recorded absence: marked
 * present, they came even within an absence; marked absent, the mark's reason.
 * Each branch walks an index (roll_call's key; absences by person and end day).
 */
import { sql, type SQL } from 'drizzle-orm';

export const patientAbsenceReason = (patientId: SQL, day: SQL): SQL => sql`nullif(coalesce(
  (select case when rc.present then '' else rc.reason end from roll_call rc where rc.day = ${day} and rc.patient_id = ${patientId}),
  (select ab.reason from absences ab
    where ab.patient_id = ${patientId} and ab.end_day >= ${day} and ab.start_day <= ${day} limit 1)
), '')`;

export const therapistAbsenceReason = (therapistId: SQL, day: SQL): SQL => sql`(select ab.reason from absences ab
  where ab.therapist_id = ${therapistId} and ab.end_day >= ${day} and ab.start_day <= ${day} limit 1)`;
