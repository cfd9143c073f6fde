import { useIsMutating } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { MSG } from '../../../../common/messages.ts';
import { isAdmin, useUser } from '../../../lib/session.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { usePasteFromPrevious } from '../api/activity-writes.ts';
import { useEmptyDay, usePasteDay } from '../api/day-writes.ts';
import { useDay } from '../api/get-day.ts';
import { useRooms } from '../../../lib/rooms.ts';
import type { PersonKind } from '../../../lib/search-people.ts';
import { buildDayGrid } from '../day-grid.ts';
import type { DayActivity } from '../types.ts';
import { ActivityFormModal } from './activity-form-modal.tsx';
import { DayTable } from './day-table.tsx';
import { DayToolbar } from './day-toolbar.tsx';
import { PersonRemovalModal } from './person-removal-modal.tsx';
import { PersonSearchModal } from './person-search-modal.tsx';

type Dialog =
  | { type: 'create' }
  | { type: 'edit'; activity: DayActivity }
  | { type: 'add'; kind: PersonKind; activity: DayActivity }
  | { type: 'manage'; kind: PersonKind; linkId: number; name: string; activity: DayActivity };

interface Props {
  day: string;
  onDayChange: (day: string) => void;
}

export function CalendarView({ day, onDayChange }: Props) {
  const user = useUser();
  const admin = isAdmin(user);
  const dayQuery = useDay(day);
  const roomsQuery = useRooms();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [copiedDay, setCopiedDay] = useState<string | null>(null);
  const busy = useIsMutating() > 0;
  const emptyDay = useEmptyDay(day);
  const pasteDay = usePasteDay(day);
  const pastePrevious = usePasteFromPrevious(day);

  const rooms = useMemo(() => roomsQuery.data ?? [], [roomsQuery.data]);
  // The day waits for the rooms too: its columns are named and ordered by them (no flash of "Stanza N").
  const loading = dayQuery.isPending || roomsQuery.isPending;
  const giornata = dayQuery.data?.data === day ? dayQuery.data : undefined;
  const grid = useMemo(
    () => buildDayGrid(giornata ?? { data: day, attivita: [], uscite: [] }, rooms),
    [giornata, rooms, day],
  );

  const empty = async () => {
    if (!window.confirm(MSG.confirmEmptyDay)) return;
    await withToasts(emptyDay.mutateAsync(undefined), { loading: MSG.emptyingDay, success: MSG.dayEmptiedOk });
  };

  const paste = async () => {
    if (!copiedDay) return;
    // Pasting replaces the displayed day (section 4): ask first when that loses activities.
    if (copiedDay !== day && (giornata?.attivita.length ?? 0) > 0 && !window.confirm(MSG.confirmEmptyDay)) return;
    const done = await withToasts(pasteDay.mutateAsync(copiedDay), { loading: MSG.inserting, success: MSG.therapistsInserted });
    if (done) toast.success(MSG.patientsInserted);
  };

  const cardActions = admin
    ? {
        busy,
        onEdit: (activity: DayActivity) => setDialog({ type: 'edit', activity }),
        onAddPerson: (kind: PersonKind, activity: DayActivity) => setDialog({ type: 'add', kind, activity }),
        onManagePerson: (kind: PersonKind, linkId: number, name: string, activity: DayActivity) =>
          setDialog({ type: 'manage', kind, linkId, name, activity }),
        onPasteFromPrevious: (slot: { roomId: number; start: string; end: string }) =>
          void withToasts(pastePrevious.mutateAsync(slot), { loading: MSG.inserting, success: MSG.activityCreated }),
      }
    : undefined;

  const close = () => setDialog(null);
  return (
    <>
      <DayToolbar
        day={day}
        onDayChange={onDayChange}
        busy={busy}
        admin={
          admin
            ? {
                copiedDay,
                onCopy: () => setCopiedDay(day),
                onPaste: () => void paste(),
                onCancelCopy: () => setCopiedDay(null),
                onEmpty: () => void empty(),
                onCreate: () => setDialog({ type: 'create' }),
              }
            : undefined
        }
      />
      {loading ? (
        <div className="text-center py-5">
          <Spinner role="status" aria-label="Caricamento della giornata" />
        </div>
      ) : (
        <>
          <DayTable grid={grid} actions={cardActions} />
          {giornata && grid.rows.length === 0 && <p className="text-muted text-center py-4 mb-0">Nessuna attività in questa giornata.</p>}
        </>
      )}

      {admin && dialog?.type === 'create' && (
        <ActivityFormModal day={day} rooms={rooms} runs={giornata?.uscite ?? []} onClose={close} />
      )}
      {admin && dialog?.type === 'edit' && (
        <ActivityFormModal day={day} rooms={rooms} runs={giornata?.uscite ?? []} activity={dialog.activity} onClose={close} />
      )}
      {admin && dialog?.type === 'add' && <PersonSearchModal day={day} kind={dialog.kind} activity={dialog.activity} onClose={close} />}
      {admin && dialog?.type === 'manage' && (
        <PersonRemovalModal
          day={day}
          kind={dialog.kind}
          linkId={dialog.linkId}
          name={dialog.name}
          activity={dialog.activity}
          onClose={close}
        />
      )}
    </>
  );
}
