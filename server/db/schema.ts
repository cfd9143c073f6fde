/**
 * The database schema. Table and column names are English (snake case); the
 * wire keeps its Italian names (docs/product.md, Dati). The API's -1 ("no room", "no transport run")
 * is a NULL reference here, never a fake row.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  time,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  admin: integer('admin').notNull().default(0),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Set at a sign-in whose password no longer meets the rule of new passwords (common/passwords.ts):
   * until the account chooses a new one, every other call answers 403 password_change_required.
   */
  passwordChangeRequired: boolean('password_change_required').notNull().default(false),
});

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie's token: a leaked table does not leak live sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const patients = pgTable(
  'patients',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    mobile: text('mobile').notNull().default(''),
    archived: boolean('archived').notNull().default(false),
    /** Issue 30: the pickup address, whether the utente travels in a wheelchair, notes for the driver ('' / false when not said). */
    address: text('address').notNull().default(''),
    wheelchair: boolean('wheelchair').notNull().default(false),
    transportNotes: text('transport_notes').notNull().default(''),
    /** Issue 32 (migration 0027): the flows' personal data, administrators only, never in logs nor in the registro (common/flussi.ts). Upper-case, NULL: not said. */
    codiceFiscale: text('codice_fiscale'),
    /** The ASL of residence, 3 digits: the ASL the month's account goes to. */
    aslResidenza: text('asl_residenza'),
    /** The 88-character pseudonymous id the Region assigns (SISM only). */
    idRegionale: text('id_regionale'),
    /** The DSM contact the attendance belongs to, 1–14 digits (SISM only). */
    idContatto: text('id_contatto'),
  },
  // The duplicate question's lookup (server/db/search-key.ts, drizzle/0019).
  (t) => [index('patients_name_key_idx').on(sql`giornata_search_key(${t.lastName})`, sql`giornata_search_key(${t.firstName})`)],
);

export const therapists = pgTable(
  'therapists',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    /** Optional: '' when not set, and screens show the username (common/people.ts, operatoreLabel). */
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    archived: boolean('archived').notNull().default(false),
    /** Issue 29: a code of PROFILI (common/progetti.ts), or NULL ("profilo da indicare"). */
    profile: text('profile'),
    /** Contracted minutes a week (0–3600, whole half hours), NULL when not said. */
    weeklyMinutes: integer('weekly_minutes'),
    /** Availability windows `[{"giorno","dalle","alle"}]`, sorted; [] when not said (docs/decisions/0033). */
    availability: jsonb('availability').$type<{ giorno: number; dalle: string; alle: string }[]>().notNull().default([]),
  },
  (t) => [
    check(
      'therapists_profile_code',
      sql`${t.profile} IS NULL OR ${t.profile} IN ('mmg_pls', 'medico_specialista', 'infermiere', 'oss', 'fisioterapista', 'logopedista', 'tnpee', 'terp', 'terapista_occupazionale', 'psicologo', 'assistente_sociale', 'educatore_professionale', 'altro')`,
    ),
  ],
);

export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    position: integer('position').notNull().default(0),
    archived: boolean('archived').notNull().default(false),
    /** Issue 31: utenti it holds at once (1–50), NULL when not said. */
    capacity: integer('capacity'),
    /** Issue 31: the types of activity it is for (activity_types ids); empty = any. */
    typeIds: integer('type_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
  },
  (t) => [check('rooms_capacity_range', sql`${t.capacity} IS NULL OR ${t.capacity} BETWEEN 1 AND 50`)],
);

export const transportRuns = pgTable(
  'transport_runs',
  {
    id: serial('id').primaryKey(),
    route: text('route').notNull(),
    departure: time('departure').notNull(),
    arrival: time('arrival').notNull(),
    /** The run's mezzo (`mezzi`, issue 30): 1 "Pulmino bianco", 2 "Pulmino blu" and any added; checked per statement (drizzle/0025). */
    minibus: integer('minibus').notNull().default(1),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [index('transport_runs_day_idx').on(t.day, t.departure)],
);

/** Tipi di attività (issue 29): archived, never deleted; the name is stored in NFKC and unique. */
export const activityTypes = pgTable('activity_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The profile that gives it (a code of PROFILI), NULL for none (e.g. "Pranzo"). */
  profile: text('profile'),
  participants: integer('participants').notNull(),
  minutes: integer('minutes').notNull(),
  archived: boolean('archived').notNull().default(false),
});

/**
 * The plan's tables (activities, their people, minibus runs and their people) reference each other
 * and the anagrafiche through statement-level triggers, not foreign keys: the same rules (a row
 * names rows that exist; an activity or run deleted takes its links with it; a patient, therapist
 * or room still named is not deleted; refusals are SQLSTATE 23503 with the constraints' old
 * names), checked once per statement so that replacing months of days costs no query per row
 * (drizzle/0023_plan_links_statement_level.sql, docs/decisions/0037-plan-links-statement-level.md).
 */
export const activities = pgTable(
  'activities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    roomId: integer('room_id'),
    day: date('day', { mode: 'string' }).notNull(),
    weekday: integer('weekday').notNull(),
    start: time('start').notNull(),
    end: time('end').notNull(),
    transportRunId: integer('transport_run_id'),
    /** Grows with every edit of the activity: an edit or removal made on an older version is refused (no lost edits). */
    version: integer('version').notNull().default(1),
    /** Issue 29: the activity's type, NULL for none (the API's -1; every activity before issue 29). Checked once per statement (migration 0024), as the plan's other references. */
    typeId: integer('type_id'),
  },
  (t) => [
    index('activities_type_day_idx').on(t.typeId, t.day),
    index('activities_day_idx').on(t.day, t.start),
    index('activities_transport_idx').on(t.transportRunId),
    check('activities_room_or_transport', sql`${t.roomId} is not null or ${t.transportRunId} is not null`),
  ],
);

export const activityPatients = pgTable(
  'activity_patients',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id').notNull(),
    patientId: integer('patient_id').notNull(),
  },
  (t) => [unique('activity_patients_once').on(t.activityId, t.patientId), index('activity_patients_patient_idx').on(t.patientId)],
);

export const activityTherapists = pgTable(
  'activity_therapists',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id').notNull(),
    therapistId: integer('therapist_id').notNull(),
  },
  (t) => [unique('activity_therapists_once').on(t.activityId, t.therapistId), index('activity_therapists_therapist_idx').on(t.therapistId)],
);

export const transportPatients = pgTable(
  'transport_patients',
  {
    runId: integer('run_id').notNull(),
    patientId: integer('patient_id').notNull(),
    /** Issue 30: the stop's place in the run (1, 2, …; a new passenger goes last) and its time, NULL when not set. */
    position: integer('position').notNull().default(0),
    stopTime: time('stop_time'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.patientId] }), index('transport_patients_patient_idx').on(t.patientId)],
);

export const transportTherapists = pgTable(
  'transport_therapists',
  {
    runId: integer('run_id').notNull(),
    therapistId: integer('therapist_id').notNull(),
    /** Issue 30: the one of the run's staff who drives (at most one a run). */
    driver: boolean('driver').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.therapistId] }),
    index('transport_therapists_therapist_idx').on(t.therapistId),
    uniqueIndex('transport_therapists_one_driver')
      .on(t.runId)
      .where(sql`${t.driver}`),
  ],
);

/**
 * Sign-in attempts, recorded before the password is verified and kept when
 * it was wrong: counted per username, per address and username, per address
 * and per device for the rate limit (shared by every server process).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_key_at_idx').on(t.key, t.at)],
);

/**
 * Browsers that have signed in as an account ("device cookie"): while that
 * username is locked by failed sign-ins, such a browser may still sign in
 * (its own failures counted apart). The cookie's token is stored as its
 * sha256; one browser can hold the rows of several accounts.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('login_devices_expires_idx').on(t.expiresAt)],
);

/**
 * One row whose version grows with every statement that changes what a
 * calendar shows (triggers in migration 0003): servers cache a day's answer
 * and ask only this number to know whether it is still current.
 */
export const calendarVersion = pgTable(
  'calendar_version',
  {
    id: integer('id').primaryKey().default(1),
    version: bigint('version', { mode: 'number' }).notNull().default(1),
  },
  (t) => [check('calendar_version_single_row', sql`${t.id} = 1`)],
);

/**
 * Absences (Presenze): a patient or a therapist away over a range of days,
 * both ends included. Exactly one of patient_id / therapist_id is set. Ranges
 * of one person never overlap: the server checks under a per-person lock.
 */
export const absences = pgTable(
  'absences',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id').references(() => patients.id, { onDelete: 'restrict' }),
    therapistId: integer('therapist_id').references(() => therapists.id, { onDelete: 'restrict' }),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    justified: boolean('justified').notNull().default(true),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // start_day last: "absent on this day?" (server/db/absence-sql.ts) is decided in the index; with (person, end_day)
    // alone each probe fetched from the heap every absence ending after the day, a decade of them for an old day.
    index('absences_patient_idx').on(t.patientId, t.endDay, t.startDay),
    index('absences_therapist_idx').on(t.therapistId, t.endDay, t.startDay),
    index('absences_end_day_idx').on(t.endDay),
    check('absences_one_person', sql`num_nonnulls(${t.patientId}, ${t.therapistId}) = 1`),
    check('absences_range', sql`${t.endDay} >= ${t.startDay}`),
    check('absences_reason', sql`${t.reason} in ('malattia', 'ferie', 'permesso', 'ricovero', 'altro')`),
  ],
);

/** The daily roll call (appello): one mark per patient and day, with who made it and when. */
export const rollCall = pgTable(
  'roll_call',
  {
    day: date('day', { mode: 'string' }).notNull(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    present: boolean('present').notNull(),
    /** Set exactly when the patient is absent. */
    reason: text('reason'),
    justified: boolean('justified').notNull().default(true),
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.patientId] }),
    index('roll_call_patient_idx').on(t.patientId, t.day),
    check(
      'roll_call_reason',
      sql`(${t.present} and ${t.reason} is null) or (not ${t.present} and ${t.reason} in ('malattia', 'ferie', 'permesso', 'ricovero', 'altro'))`,
    ),
  ],
);

/** Months an administrator has closed (yyyy-mm): their marks and absences change only with a reason. */
export const closedMonths = pgTable(
  'closed_months',
  {
    month: text('month').primaryKey(),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('closed_months_format', sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`)],
);

/** The centre's own closing days, beside Italy's public holidays (common/holidays.ts). */
export const closingDays = pgTable('closing_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  description: text('description').notNull(),
});

/**
 * Every change to a closed month (a roll-call mark, an absence recorded or
 * deleted, the month reopened), with who made it, when and why.
 */
export const attendanceCorrections = pgTable(
  'attendance_corrections',
  {
    id: serial('id').primaryKey(),
    month: text('month').notNull(),
    /** What changed, in Italian, without names: "appello del 2026-11-03, paziente 12: assente (malattia)". */
    change: text('change').notNull(),
    reason: text('reason').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('attendance_corrections_month_idx').on(t.month, t.at)],
);

/**
 * Registro modifiche (docs/decisions/0011-audit-log.md): one row per write, appended in the
 * write's own transaction, with who (id and username at that time: no foreign key, the row
 * outlives any account), what (common/audit.ts, AUDIT_ACTIONS), the day(s) it touched, every
 * patient and therapist it touched (the person filter) and the values before and after. Append-only:
 * a trigger (migration 0009) refuses UPDATE, DELETE and TRUNCATE but for the retention purge; each
 * row is chained to the previous one by its hash (migration 0016).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    day: date('day', { mode: 'string' }),
    dayTo: date('day_to', { mode: 'string' }),
    patients: integer('patients')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    therapists: integer('therapists')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The hash chain (migration 0016, docs/decisions/0023-audit-hash-chain.md): set by the insert trigger, whatever the insert gives. */
    prevHash: text('prev_hash'),
    hash: text('hash')
      .notNull()
      .$defaultFn(() => ''),
  },
  (t) => [
    // Newest first is (at, id): with id in the ordered indexes a filtered page is read straight off the index.
    index('audit_log_at_id_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_user_at_id_idx').on(t.userId, t.at.desc(), t.id.desc()),
    index('audit_log_action_at_id_idx').on(t.action, t.at.desc(), t.id.desc()),
    // A day's rows, and a day's undoable operations (Annulla and the registro's `annullabile`).
    index('audit_log_day_action_idx').on(t.day, t.action, t.id),
    index('audit_log_patients_idx').using('gin', t.patients),
    index('audit_log_therapists_idx').using('gin', t.therapists),
    index('audit_log_entity_at_id_idx').on(t.entity, t.entityId, t.at.desc(), t.id.desc()),
  ],
);

/**
 * Reads of patients' data (the Garante's access log): who read which day, week, register or
 * patient, and when. Written in batches by each server process (server/features/registro/access-log.ts);
 * append-only like audit_log.
 */
/** The kinds of read that show whole days: "Accessi a" finds them by the days the utente was planned (its partial indexes). */
export const ACCESS_DAY_KINDS = sql.raw(`('giornata', 'settimana', 'presenze', 'esportazione', 'calendario')`);

export const accessLog = pgTable(
  'access_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: integer('user_id'),
    username: text('username').notNull(),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }),
    dayTo: date('day_to', { mode: 'string' }),
    patientId: integer('patient_id'),
    /**
     * Identical reads coalesced into this row (docs/decisions/0022-coalesced-access-log.md): how many,
     * and the last one's time (null while it is one read; `at` is the first). The only columns an
     * UPDATE may change, and only upwards (migration 0015's trigger).
     */
    conteggio: integer('conteggio').notNull().default(1),
    ultima: timestamp('ultima', { withTimezone: true }),
    /** The hash chain, as audit_log's (migration 0016): over the columns above conteggio only. */
    prevHash: text('prev_hash'),
    hash: text('hash')
      .notNull()
      .$defaultFn(() => ''),
  },
  (t) => [
    // "Accessi a": the reads naming the patient, newest first.
    index('access_log_patient_at_id_idx').on(t.patientId, t.at.desc(), t.id.desc()),
    // "Accessi a": one-day reads of each day the patient was planned, newest first.
    index('access_log_day_read_idx')
      .on(t.day, t.at.desc(), t.id.desc())
      .where(sql`patient_id is null and (day_to is null or day_to = day) and kind in ${ACCESS_DAY_KINDS}`),
    // "Accessi a": reads of a period, and reads of every day at once (no day), newest first.
    index('access_log_range_read_idx')
      .on(t.at.desc(), t.id.desc())
      .where(sql`patient_id is null and day_to > day and kind in ${ACCESS_DAY_KINDS}`),
    index('access_log_undated_read_idx')
      .on(t.at.desc(), t.id.desc())
      .where(sql`patient_id is null and day is null and kind in ${ACCESS_DAY_KINDS}`),
    // Coalescing: the account's last row within 10 minutes.
    index('access_log_username_at_idx').on(t.username, t.at.desc()),
    index('access_log_at_idx').on(t.at),
  ],
);

/**
 * The centre's settings: at most one row (id 1), written on the first change; until then the defaults hold (server/db/settings.ts). Its name heads the printed
 * agendas; `saturday` makes Saturday a working day of the weekly templates; `icalInitials`
 * shows patients' initials in the therapists' calendar feeds, which otherwise only count them
 * (never full names: docs/decisions/0019-calendar-links.md).
 */
export const centreSettings = pgTable(
  'centre_settings',
  {
    id: integer('id').primaryKey().default(1),
    centreName: text('centre_name').notNull().default('Centro diurno'),
    saturday: boolean('saturday').notNull().default(false),
    icalInitials: boolean('ical_initials').notNull().default(false),
    /** The patron saint's day, "MM-DD", a holiday every year (common/holidays.ts); null: none. */
    patron: text('patron'),
    /** The paper of the printed day and week (common/impostazioni.ts, PAPER_FORMATS). */
    paperFormat: text('paper_format', { enum: ['A4', 'Letter'] })
      .notNull()
      .default('A4'),
    /** Issue 32 (migration 0027): the centre's codes in the Ministry's flows (common/flussi.ts); NULL: not said. */
    regione: text('regione'),
    asl: text('asl'),
    struttura: text('struttura'),
    dsm: text('dsm'),
    tipoStrutturaSism: text('tipo_struttura_sism'),
    /** Issue 31: opening and closing time, HH:mm (the Pianificatore's grid). */
    opening: text('opening').notNull().default('08:00'),
    closing: text('closing').notNull().default('17:00'),
  },
  (t) => [
    check('centre_settings_one_row', sql`${t.id} = 1`),
    check('centre_settings_paper_format', sql`${t.paperFormat} IN ('A4', 'Letter')`),
    check(
      'centre_settings_hours',
      sql`${t.opening} ~ '^[0-2][0-9]:[0-5][0-9]$' AND ${t.closing} ~ '^[0-2][0-9]:[0-5][0-9]$' AND ${t.closing} > ${t.opening}`,
    ),
  ],
);

/**
 * Weekly templates (modelli, docs/decisions/0013-weekly-templates.md). A template's plan is kept as
 * an ordinary week of the calendar in the reserved years from 3000 on (common/modelli.ts): its
 * Monday is `week`, so the grid, the modals, the conflicts, the locks and the registro serve it unchanged.
 */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    week: date('week', { mode: 'string' }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('templates_name_idx').on(sql`lower(${t.name})`),
    check('templates_week_reserved', sql`${t.week} >= date '3000-01-06'`),
  ],
);

/**
 * A therapist's personal calendar feed (GET /server/ical/<token>.ics): only the SHA-256 of the
 * token is kept, so a copy of the database does not open anyone's agenda.
 */
export const icalTokens = pgTable('ical_tokens', {
  therapistId: integer('therapist_id')
    .primaryKey()
    .references(() => therapists.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  /** The account that made the link: disabling it, or a new password for it, ends the link (docs/decisions/0019-calendar-links.md). */
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/**
 * Progetti individuali (issue 29, docs/decisions/0033-progetto-individuale.md): one utente's plan over a period
 * [start_day, end_day] (end NULL: open). Periods of one utente never overlap (checked under the utente's lock).
 */
export const carePlans = pgTable(
  'care_plans',
  {
    id: serial('id').primaryKey(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patients.id, { onDelete: 'restrict' }),
    startDay: date('start_day', { mode: 'string' }).notNull(),
    endDay: date('end_day', { mode: 'string' }),
    reviewDay: date('review_day', { mode: 'string' }).notNull(),
    goals: text('goals').notNull().default(''),
    /** Frequenza: `[{"giorno","dalle","alle"}]`, one window per weekday at most. */
    attendance: jsonb('attendance').$type<{ giorno: number; dalle: string; alle: string }[]>().notNull(),
  },
  (t) => [
    index('care_plans_patient_idx').on(t.patientId, t.startDay),
    index('care_plans_period_idx').on(t.startDay, t.endDay),
    check('care_plans_period', sql`${t.endDay} is null or ${t.endDay} >= ${t.startDay}`),
  ],
);

/** The righe of a progetto: a type of activity, sessions a week and minutes a session; one type at most once per progetto. */
export const carePlanRows = pgTable(
  'care_plan_rows',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => carePlans.id, { onDelete: 'cascade' }),
    typeId: integer('type_id')
      .notNull()
      .references(() => activityTypes.id, { onDelete: 'restrict' }),
    sessions: integer('sessions').notNull(),
    minutes: integer('minutes').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('care_plan_rows_once').on(t.planId, t.typeId)],
);

/**
 * Issue 30: the fleet (docs/decisions/0039-mezzi-table.md). IDs 1 and 2 are the two minibuses of before; runs name
 * their mezzo in transport_runs.minibus, checked per statement like the plan's other links (drizzle/0025).
 * Archived, never deleted.
 */
export const mezzi = pgTable(
  'mezzi',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique(),
    /** Italian format AB123CD, '' when none. */
    plate: text('plate').notNull().default(''),
    seats: integer('seats').notNull(),
    wheelchairSeats: integer('wheelchair_seats').notNull(),
    colour: text('colour').notNull(),
    archived: boolean('archived').notNull().default(false),
  },
  (t) => [
    check('mezzi_seats', sql`${t.seats} BETWEEN 1 AND 60`),
    check('mezzi_wheelchair_seats', sql`${t.wheelchairSeats} BETWEEN 0 AND 10 AND ${t.wheelchairSeats} <= ${t.seats}`),
    check('mezzi_colour', sql`${t.colour} IN ('bianco', 'blu', 'rosso', 'verde', 'giallo', 'arancione', 'viola', 'grigio')`),
  ],
);

/**
 * Issue 31: the Pianificatore's proposals (docs/decisions/0040-pianificatore-solver.md), kept 7 days. `answer` is the
 * proposal as GET answers it (common/pianificatore.ts) once ready; `fingerprints` the week's days as they were when it
 * was prepared (server/db/audit.ts, dayFingerprintSql), compared by `applica`. One `in_corso` at most in the database.
 */
export const plannerProposals = pgTable(
  'planner_proposals',
  {
    id: serial('id').primaryKey(),
    week: date('week', { mode: 'string' }).notNull(),
    mode: text('mode').notNull(),
    seconds: integer('seconds').notNull(),
    state: text('state').notNull().default('in_corso'),
    progress: real('progress').notNull().default(0),
    elapsed: real('elapsed').notNull().default(0),
    answer: jsonb('answer'),
    fingerprints: jsonb('fingerprints').$type<Record<string, string>>().notNull(),
    error: text('error'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('planner_proposals_one_running')
      .on(sql`(true)`)
      .where(sql`${t.state} = 'in_corso'`),
    index('planner_proposals_created_idx').on(t.createdAt),
    check('planner_proposals_mode', sql`${t.mode} IN ('completa', 'rifai')`),
    check('planner_proposals_state', sql`${t.state} IN ('in_corso', 'pronta', 'errore', 'applicata', 'scartata')`),
  ],
);

/**
 * The scheduled backups' state (issue 33, server/features/backup): one row, kept by whichever process took the last
 * backup (an advisory lock lets one process at a time, server/db/locks.ts). Not the centre's data: no backup holds it.
 */
export const backupState = pgTable(
  'backup_state',
  {
    id: integer('id').primaryKey().default(1),
    /** The scheduled time (an instant) the last successful backup was taken for: a later process skips it. */
    lastSlot: timestamp('last_slot', { withTimezone: true }),
    /** The last successful backup: its file name (no folder), when it was written, its size and how long it took. */
    lastFile: text('last_file'),
    lastAt: timestamp('last_at', { withTimezone: true }),
    lastBytes: bigint('last_bytes', { mode: 'number' }),
    lastDurationMs: integer('last_duration_ms'),
    /** Its verification: restored into a scratch database, every table's rows counted as in the source at the snapshot. */
    lastVerified: boolean('last_verified'),
    lastRows: integer('last_rows'),
    /** The last attempt's failure (its reason, no personal data) and when the next try is due; null after a success. */
    error: text('error'),
    errorAt: timestamp('error_at', { withTimezone: true }),
    retryAt: timestamp('retry_at', { withTimezone: true }),
  },
  (t) => [check('backup_state_single_row', sql`${t.id} = 1`)],
);
