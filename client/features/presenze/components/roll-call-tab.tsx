import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { addDays, formatDate, todayLocal, weekdayOf, WEEKDAYS_IT } from '../../../../common/dates.ts';
import { PRESENZE_MSG, type RollCallAllAnswer, type RollCallInput, type RollCallRow } from '../../../../common/presenze.ts';
import { isAdmin, useUser } from '../../../lib/session.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useMarkAllPresent, useMarkRollCall, useRollCall } from '../api/roll-call.ts';
import { CorrectionModal } from './correction-modal.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { RollCallRowItem } from './roll-call-row.tsx';

/**
 * Why the roll call of this day cannot be changed by this user, or null when it can. `canMark`: the
 * server's word (`puoSegnare`) that the account is staff (an administrator, or linked to an operatore).
 */
export function readOnlyReason(day: string, today: string, admin: boolean, monthClosed: boolean, canMark = true): string | null {
  if (!canMark) return PRESENZE_MSG.staffOnly;
  if (day > today) return PRESENZE_MSG.futureDay;
  if (monthClosed && !admin) return 'Il mese è chiuso: solo un amministratore può correggere l’appello, indicando il motivo.';
  if (day < today && !admin) return PRESENZE_MSG.pastDayAdminOnly;
  return null;
}

/** "Presenti 3 · Assenti 1 · Da segnare 2". */
export function rollCallCounts(rows: readonly RollCallRow[]): string {
  const present = rows.filter((r) => r.stato === 'presente').length;
  const absent = rows.filter((r) => r.stato === 'assente').length;
  return `Presenti ${present} · Assenti ${absent} · Da segnare ${rows.length - present - absent}`;
}

/** "12 utenti segnati presenti · 3 erano già segnati · 1 con un’assenza registrata, da segnare a mano". */
export function allPresentSummary(a: RollCallAllAnswer): string {
  const parts = [a.segnati === 1 ? '1 utente segnato presente' : `${a.segnati} utenti segnati presenti`];
  if (a.giaSegnati > 0) parts.push(a.giaSegnati === 1 ? '1 era già segnato' : `${a.giaSegnati} erano già segnati`);
  if (a.conAssenza > 0)
    parts.push(
      a.conAssenza === 1
        ? '1 con un’assenza registrata, da segnare a mano'
        : `${a.conAssenza} con un’assenza registrata, da segnare a mano`,
    );
  return parts.join(' · ');
}

/** One toast for the roll call's marks however fast they are clicked: each replaces the last. */
const MARK_TOAST = 'appello';

interface Asking {
  /** Saves with the reason of the correction. */
  send: (correzione: string) => Promise<unknown>;
  done: () => void;
}

/** Appello: the expected patients of one day, each marked present or absent; every change is saved at once. */
export function RollCallTab({ day, onDayChange }: { day: string; onDayChange: (day: string) => void }) {
  const admin = isAdmin(useUser());
  const list = useRollCall(day);
  const markRollCall = useMarkRollCall();
  const markAll = useMarkAllPresent();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [lastReason, setLastReason] = useState('');
  const rows = list.data?.pazienti ?? [];
  const closed = list.data?.meseChiuso ?? false;
  // Until the server has answered, nothing can be marked anyway (no rows).
  const locked = readOnlyReason(day, todayLocal(), admin, closed, list.data?.puoSegnare ?? true);

  const saveMark = (mark: RollCallInput) =>
    withToasts(markRollCall.mutateAsync(mark), { success: PRESENZE_MSG.markSaved, toastId: MARK_TOAST });
  const saveAll = (correzione?: string) =>
    withToasts(markAll.mutateAsync({ data: day, ...(correzione ? { correzione } : {}) }), {
      success: allPresentSummary,
      successDuration: 6000,
      toastId: MARK_TOAST,
    });

  /** A closed month changes only with a reason: asked before saving, the row waits for the answer. */
  const withReason = (send: (correzione?: string) => Promise<unknown>): Promise<unknown> =>
    closed ? new Promise<void>((done) => setAsking({ send, done })) : send();
  const save = (mark: RollCallInput) => withReason((correzione) => saveMark({ ...mark, ...(correzione ? { correzione } : {}) }));

  const saveCorrection = async (correzione: string) => {
    if (!asking) return undefined;
    setLastReason(correzione);
    return asking.send(correzione);
  };
  // Those "Tutti presenti" would mark: expected, not yet marked, no recorded absence.
  const unmarked = rows.filter((r) => r.stato === null && !r.assenza).length;

  return (
    <section aria-labelledby="roll-call-title">
      <div className="presenze-toolbar">
        <h2 id="roll-call-title" className="h5 mb-0 me-auto">
          Appello di {WEEKDAYS_IT[weekdayOf(day)].toLowerCase()} {formatDate(day)}
        </h2>
        {/* The day's controls stay together: on a phone they wrap as one line under the heading. */}
        <div className="d-flex align-items-center gap-2">
          <Button variant="outline-secondary" size="sm" onClick={() => onDayChange(addDays(day, -1))} aria-label="Giorno precedente">
            ‹
          </Button>
          <DateField
            id="roll-call-date"
            label="Giorno"
            value={day}
            onChange={(d) => d && onDayChange(d)}
            required
            size="sm"
            className="d-flex align-items-center gap-2"
            labelClassName="mb-0"
          />
          <Button variant="outline-secondary" size="sm" onClick={() => onDayChange(addDays(day, 1))} aria-label="Giorno successivo">
            ›
          </Button>
          <Button variant="outline-secondary" size="sm" onClick={() => onDayChange(todayLocal())}>
            Oggi
          </Button>
        </div>
      </div>
      {list.data && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <p className="roll-call-counts fw-semibold mb-0 me-auto" aria-live="polite">
            {rollCallCounts(rows)}
          </p>
          {!locked && rows.length > 0 && (
            <Button
              size="sm"
              variant="success"
              disabled={unmarked === 0 || markAll.isPending}
              onClick={() => void withReason(saveAll)}
              title={unmarked === 0 ? 'Nessun utente da segnare' : `Segna presenti i ${unmarked} utenti non ancora segnati`}
            >
              Tutti presenti{unmarked > 0 ? ` (${unmarked})` : ''}
            </Button>
          )}
        </div>
      )}
      {list.data && locked && (
        <Alert variant="secondary" className="py-2">
          {locked}
        </Alert>
      )}
      {list.data && !locked && closed && (
        <Alert variant="warning" className="py-2">
          Il mese è chiuso: ogni modifica chiede il motivo della correzione, che resta registrato.
        </Alert>
      )}
      <ListState
        label="appello"
        query={list}
        empty={rows.length === 0}
        emptyText="Nessun utente atteso in questo giorno: l’appello elenca chi è in un’attività o in un’uscita del giorno."
      />
      {rows.length > 0 && (
        <ul className="list-group roll-call-list" aria-label={`Utenti attesi il ${formatDate(day)}`}>
          {rows.map((row) => (
            <RollCallRowItem key={row.ID} row={row} day={day} readOnly={!!locked} onSave={save} />
          ))}
        </ul>
      )}
      {asking && (
        <CorrectionModal
          title="Correzione di un mese chiuso"
          intro={`Il mese è chiuso: per cambiare l’appello del ${formatDate(day)} indica il motivo della correzione.`}
          submitLabel="Salva la correzione"
          initialReason={lastReason}
          busy={markRollCall.isPending || markAll.isPending}
          onSubmit={saveCorrection}
          onClose={() => {
            asking.done();
            setAsking(null);
          }}
        />
      )}
    </section>
  );
}
