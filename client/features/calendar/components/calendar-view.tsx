import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { todayLocal } from '../../../../common/dates.ts';
import { MSG } from '../../../../common/messages.ts';
import { isTemplateDay, MODELLI_MSG } from '../../../../common/template-days.ts';
import { activityHistory } from '../../../../common/paths.ts';
import { isAdmin, useUser } from '../../../lib/session.ts';
import { useFocusReturn } from '../../../lib/use-focus-return.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePhoneScreen } from '../../../lib/use-phone-screen.ts';
import { removedCount, useRemoveAbsent } from '../../../lib/absences.ts';
import { usePasteFromPrevious } from '../api/activity-writes.ts';
import { useEmptyDay, usePasteDay } from '../api/day-writes.ts';
import { dayQueryOptions, useDay } from '../api/get-day.ts';
import { useUndoAction } from '../../../lib/undo.ts';
import { QuestionLines, useConfirm } from '../../../components/confirm-modal.tsx';
import { dayContent, replaceLines } from '../../../lib/replace-summary.ts';
import { useRooms } from '../../../lib/rooms.ts';
import type { PersonKind } from '../../../lib/people-search.ts';
import { loadActivityDraft } from '../activity-draft.ts';
import { activityDraft, DAY_START, type ActivityValues } from '../activity-form.ts';
import { countConflicts, dayConflicts, type CardConflict, type ConflictEntry } from '../conflicts.ts';
import { countActivities, countRuns, shortDayLabel, useCopiedDay } from '../copied-day.ts';
import { buildDayGrid } from '../day-grid.ts';
import type { Room } from '../../../../common/schemas.ts';
import type { DayActivity, Giornata } from '../types.ts';
import { ConflictBanner } from './conflict-banner.tsx';
import { DayList } from './day-list.tsx';
import { DayTable, type Slot } from './day-table.tsx';
import { DayToolbar } from './day-toolbar.tsx';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { lazyChunk } from '../../../lib/lazy-chunk.ts';

// The dialogs are chunks of their own, loaded when first opened: the calendar paints without them.
const ActivityFormModal = lazyDialog(() => import('./activity-form-modal.tsx').then((m) => m.ActivityFormModal));
const PersonSearchModal = lazyDialog(() => import('./person-search-modal.tsx').then((m) => m.PersonSearchModal));
const PersonRemovalModal = lazyDialog(() => import('./person-removal-modal.tsx').then((m) => m.PersonRemovalModal));
const SubstitutesModal = lazyDialog(() => import('./substitutes-modal.tsx').then((m) => m.SubstitutesModal));
// Only a centre without rooms shows it, once: not part of every first visit.
const FirstSteps = lazyChunk(() => import('./first-steps.tsx').then((m) => ({ default: m.FirstSteps })));

type Dialog =
  | { type: 'create'; values?: ActivityValues }
  | { type: 'edit'; activity: DayActivity; values?: ActivityValues }
  | { type: 'add'; kind: PersonKind; activity: DayActivity }
  | { type: 'manage'; kind: PersonKind; linkId: number; name: string; activity: DayActivity; personId?: number }
  | { type: 'substitute'; entry: ConflictEntry };

interface Props {
  day: string;
  onDayChange: (day: string) => void;
  /** Shown in place of the date headline and picker (a template day shows its template's name and weekdays). */
  header?: ReactNode;
  /** What the route adds to a real day: Stampa giornata beside Stampa PDF, and the sheet the browser's own print gives. */
  print?: DayPrintSlot;
  /** Under the day's title: what the route adds (the week's "N utenti sotto il progetto", from Progetti). */
  belowTitle?: ReactNode;
}

export interface DayPrintSlot {
  button: (giornata: Giornata | undefined, rooms: Room[]) => ReactNode;
  sheet: (giornata: Giornata, rooms: Room[]) => ReactNode;
}

/** Svuota Giornata keeps the day's runs (docs/decisions/0007-runs-on-the-calendar.md): said in its question and its toast. */
export const RUNS_STAY = 'Le uscite del giorno restano: si gestiscono in Anagrafiche → Uscite.';
export const DAY_UNAVAILABLE = 'Impossibile caricare la giornata: controlla la connessione';
export const DAY_NOT_UP_TO_DATE = 'Dati non aggiornati: impossibile caricare la giornata, controlla la connessione.';

/** Long enough to read a toast of two sentences. */
const LONG_TOAST = 6000;

/** " · 2 conflitti" after a write's success, when the day it leaves has conflicts. */
const conflictsSuffix = (conflitti: unknown[] | undefined) => (conflitti?.length ? ` · ${countConflicts(conflitti.length)}` : '');

/** Where Crea Attività from the toolbar looks for the first free quarter hour: now on today's calendar, the morning on another. */
function draftFrom(day: string, now = new Date()): string {
  if (day !== todayLocal(now)) return DAY_START;
  return `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`;
}

export function CalendarView({ day, onDayChange, header, print, belowTitle }: Props) {
  const user = useUser();
  const admin = isAdmin(user);
  const queryClient = useQueryClient();
  const dayQuery = useDay(day);
  const roomsQuery = useRooms();
  // A Crea Attività left open when the session ended comes back with what was typed (see activity-draft.ts).
  const [dialog, setDialog] = useState<Dialog | null>(() => {
    const draft = loadActivityDraft(day);
    return draft && draft.activityId === null ? { type: 'create', values: draft.values } : null;
  });
  const [copiedDay, setCopiedDay] = useCopiedDay(user?.ID);
  const busy = useIsMutating() > 0;
  const emptyDay = useEmptyDay(day);
  const pasteDay = usePasteDay(day);
  const pastePrevious = usePasteFromPrevious(day);
  const removeAbsent = useRemoveAbsent();
  const undoAction = useUndoAction();
  const confirm = useConfirm();
  const navigate = useNavigate();
  // Below 576 px the table becomes a list (docs/product.md, Aspetto).
  const phone = usePhoneScreen();

  const rooms = useMemo(() => roomsQuery.data ?? [], [roomsQuery.data]);
  // The day's table (hundreds of cards) renders in React's background lane, in slices that leave the main thread free
  // between them: no long task while a big day paints (docs/decisions/0036-first-visit-budget.md). Until then the
  // previous screen (or the spinner) stays; never another day's table under this day's toolbar.
  const shownDay = useDeferredValue(dayQuery.data);
  const giornata = shownDay?.data === day ? shownDay : undefined;
  // The day waits for the rooms too: its columns are named and ordered by them (no flash of "Stanza N").
  const failed = (dayQuery.isError && !giornata) || (roomsQuery.isError && !roomsQuery.data);
  const loading = !failed && (!giornata || roomsQuery.isPending);
  const stale = !failed && dayQuery.isError && !!giornata;
  const grid = useMemo(() => buildDayGrid(giornata ?? { data: day, attivita: [], uscite: [] }, rooms), [giornata, rooms, day]);
  const roomLabel = useMemo(() => {
    const labels = new Map(grid.columns.map((c) => [c.roomId, c.label]));
    return (id: number) => labels.get(id) ?? `Stanza ${id}`;
  }, [grid]);
  const conflicts = useMemo(() => (giornata ? dayConflicts(giornata, roomLabel) : undefined), [giornata, roomLabel]);

  const retry = () => {
    void dayQuery.refetch();
    if (roomsQuery.isError) void roomsQuery.refetch();
  };

  // Modifica Attività left open when the session ended reopens once its activity is loaded.
  const restoredEdit = useRef(false);
  useEffect(() => {
    if (restoredEdit.current || !giornata || !admin) return;
    restoredEdit.current = true;
    const draft = loadActivityDraft(day);
    const activity = draft?.activityId != null ? giornata.attivita.find((a) => a.ID === draft.activityId) : undefined;
    if (draft && activity) setDialog({ type: 'edit', activity, values: draft.values });
  }, [giornata, admin, day]);

  const empty = async () => {
    if (!window.confirm(`${MSG.confirmEmptyDay}\n\n${RUNS_STAY}`)) return;
    await withToasts(emptyDay.mutateAsync(undefined), {
      loading: MSG.emptyingDay,
      success: `${MSG.dayEmptiedOk}. ${RUNS_STAY}`,
      action: ({ operazione }) => undoAction(operazione, 'giornata'),
    });
  };

  const paste = async () => {
    if (!copiedDay) return;
    if (copiedDay === day) {
      toast.error(`Questa è la giornata copiata (${shortDayLabel(day)}): scegli con Data il giorno su cui incollarla.`, {
        duration: LONG_TOAST,
      });
      return;
    }
    // The server pastes a template's day only onto a template's day, and a real day onto a real day.
    if (isTemplateDay(copiedDay) !== isTemplateDay(day)) {
      toast.error(MODELLI_MSG.pasteAcrossTemplate, { duration: LONG_TOAST });
      return;
    }
    // Pasting replaces the day, its runs and their passengers included: say what goes before asking. The day is read
    // first (or its read already under way awaited): Incolla pressed before the day has arrived must ask all the same.
    let target: Giornata;
    try {
      target = await queryClient.fetchQuery(dayQueryOptions(day));
    } catch (error) {
      console.error(error);
      toast.error(errorMessage(error), { duration: LONG_TOAST });
      return;
    }
    const lines = replaceLines([dayContent(target)]);
    if (
      lines.length > 0 &&
      !(await confirm.ask({
        title: 'Sostituire la giornata?',
        body: <QuestionLines lines={lines} after={`Al loro posto il programma di ${shortDayLabel(copiedDay)}. ${MSG.undoFromRegistro}`} />,
        confirmLabel: 'Sostituisci',
      }))
    )
      return;
    // One toast for the whole paste; the runs are counted on the day as read again after it.
    await withToasts(pasteDay.mutateAsync(copiedDay), {
      loading: MSG.inserting,
      success: ({ pasted, conflitti, esclusi }) => {
        const pastedRuns = queryClient.getQueryData(dayQueryOptions(day).queryKey)?.uscite.length ?? 0;
        const left = esclusi.length ? `. Non incollati perché assenti: ${esclusi.map((p) => `${p.nome} (${p.motivo})`).join(', ')}` : '';
        return `Giornata incollata: ${countActivities(pasted)}, ${countRuns(pastedRuns)}${conflictsSuffix(conflitti)}${left}`;
      },
      action: ({ operazione }) => undoAction(operazione, 'giornata'),
    });
  };

  const removeAbsentFromDay = (entry: ConflictEntry) => {
    if (!entry.persona) return;
    void withToasts(removeAbsent.mutateAsync({ tipo: entry.persona, persona: entry.ID, data: day }), {
      loading: 'Tolgo dalle attività…',
      // "paola.neri: tolto da 2 attività e uscite del giorno".
      success: ({ rimossi }) => `${entry.nome}: tolto da ${removedCount(rimossi)} del giorno`,
    });
  };

  const pasteFromPrevious = (slot: Slot) => {
    const room = grid.columns.find((c) => c.roomId === slot.roomId)?.label ?? `Stanza ${slot.roomId}`;
    void withToasts(pastePrevious.mutateAsync(slot), {
      loading: MSG.inserting,
      success: ({ name, start, end, conflitti }) => `${name} copiata in ${room}, ${start}–${end}${conflictsSuffix(conflitti)}`,
    });
  };

  const cardActions = admin
    ? {
        busy,
        onEdit: (activity: DayActivity) => setDialog({ type: 'edit', activity }),
        onAddPerson: (kind: PersonKind, activity: DayActivity) => setDialog({ type: 'add', kind, activity }),
        onManagePerson: (kind: PersonKind, linkId: number, name: string, activity: DayActivity, personId?: number) =>
          setDialog({ type: 'manage', kind, linkId, name, activity, personId }),
        onPasteFromPrevious: pasteFromPrevious,
        onCreateAt: (slot: Slot) => setDialog({ type: 'create', values: activityDraft(rooms, slot, giornata?.attivita) }),
        onHistory: (activity: DayActivity) => void navigate(activityHistory(activity.ID)),
        onSubstitute: (c: CardConflict) => {
          const entry = conflicts?.entries.find((e) => e.tipo === c.tipo && e.ID === c.ID && e.persona === c.persona);
          if (entry) setDialog({ type: 'substitute', entry });
        },
      }
    : undefined;

  const close = () => setDialog(null);
  useFocusReturn(dialog !== null, 'calendario-giornata', giornata);
  return (
    <>
      {confirm.dialog}
      <DayToolbar
        day={day}
        onDayChange={onDayChange}
        busy={busy}
        header={header}
        print={print?.button(giornata, rooms)}
        admin={
          admin
            ? {
                copiedDay,
                onCopy: () => setCopiedDay(day),
                onPaste: () => void paste(),
                onCancelCopy: () => setCopiedDay(null),
                onEmpty: () => void empty(),
                onCreate: () => setDialog({ type: 'create', values: activityDraft(rooms, undefined, giornata?.attivita, draftFrom(day)) }),
              }
            : undefined
        }
        // Asked for once the day is shown: the day's own read comes first.
        note={giornata ? belowTitle : undefined}
      />
      {failed ? (
        <div className="alert alert-danger day-error d-flex flex-wrap align-items-center gap-3" role="alert">
          <span className="me-auto">{DAY_UNAVAILABLE}</span>
          <Button variant="outline-danger" onClick={retry} disabled={dayQuery.isFetching}>
            {dayQuery.isFetching && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Riprova
          </Button>
        </div>
      ) : loading ? (
        <div className="text-center py-5">
          <Spinner role="status" aria-label="Caricamento della giornata" />
        </div>
      ) : (
        <>
          {stale && (
            <div className="alert alert-warning day-stale-note d-flex flex-wrap align-items-center gap-3 py-2" role="alert">
              <span className="me-auto">{DAY_NOT_UP_TO_DATE}</span>
              <Button variant="outline-dark" size="sm" onClick={retry} disabled={dayQuery.isFetching}>
                Riprova
              </Button>
            </div>
          )}
          {rooms.length === 0 && grid.rows.length === 0 ? (
            <Suspense fallback={null}>
              <FirstSteps admin={admin} />
            </Suspense>
          ) : (
            <>
              <ConflictBanner
                entries={conflicts?.entries ?? []}
                onRemoveAbsent={admin ? removeAbsentFromDay : undefined}
                onSubstitute={admin ? (entry) => setDialog({ type: 'substitute', entry }) : undefined}
                busy={busy}
              />
              <div className={stale ? 'day-stale' : undefined}>
                {phone && giornata ? (
                  <DayList
                    giornata={giornata}
                    grid={grid}
                    day={day}
                    roomLabel={roomLabel}
                    actions={cardActions}
                    conflicts={conflicts?.byCard}
                  />
                ) : (
                  <DayTable grid={grid} day={day} actions={cardActions} conflicts={conflicts?.byCard} />
                )}
              </div>
              {giornata && grid.rows.length === 0 && (
                <p className="text-muted text-center py-4 mb-0">Nessuna attività in questa giornata.</p>
              )}
            </>
          )}
        </>
      )}
      {print && giornata && print.sheet(giornata, rooms)}

      {admin && dialog?.type === 'create' && (
        <ActivityFormModal day={day} rooms={rooms} runs={giornata?.uscite ?? []} initialValues={dialog.values} onClose={close} />
      )}
      {admin && dialog?.type === 'edit' && (
        <ActivityFormModal
          day={day}
          rooms={rooms}
          runs={giornata?.uscite ?? []}
          activity={dialog.activity}
          initialValues={dialog.values}
          onClose={close}
        />
      )}
      {admin && dialog?.type === 'add' && (
        <PersonSearchModal
          day={day}
          kind={dialog.kind}
          activity={dialog.activity}
          giornata={giornata}
          roomLabel={roomLabel}
          onClose={close}
        />
      )}
      {admin && dialog?.type === 'substitute' && <SubstitutesModal day={day} entry={dialog.entry} onClose={close} />}
      {admin && dialog?.type === 'manage' && (
        <PersonRemovalModal
          day={day}
          kind={dialog.kind}
          linkId={dialog.linkId}
          name={dialog.name}
          activity={dialog.activity}
          personId={dialog.personId}
          onClose={close}
        />
      )}
    </>
  );
}
