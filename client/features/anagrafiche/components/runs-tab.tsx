import { useState, type ReactNode } from 'react';
import { ANAGRAFICHE_MSG } from '../../../../common/anagrafiche.ts';
import { formatDayMonthYear, WEEKDAYS_IT, weekdayOf } from '../../../../common/dates.ts';
import { MSG } from '../../../../common/messages.ts';
import { absentNote } from '../../../../common/presenze.ts';
import type { DayTransportRun } from '../../../../common/schemas.ts';
import { DateField } from '../../../components/date-field.tsx';
import { PersonSearchDialog } from '../../../components/person-search-dialog.tsx';
import { absenceReasonOf, useDayAbsences } from '../../../lib/absences.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useAddRunPerson, useDeleteRun, useRemoveRunPerson, useRuns, type RunPersonKind } from '../api/runs.ts';
import { ListState } from '../../../components/list-state.tsx';
import { RunCard, minibusName, runTitle } from './run-card.tsx';
import { RunFormModal } from './run-form-modal.tsx';
import { TabToolbar } from './records-tab.tsx';

type Dialog = { type: 'form'; run?: DayTransportRun } | { type: 'add'; kind: RunPersonKind; run: DayTransportRun };

interface Props {
  day: string;
  onDayChange: (day: string) => void;
  /** Beside the date: the Fogli di marcia of the day (features/trasporti, through the route). */
  actions?: ReactNode;
}

/** Uscite: the minibus runs of one day, with their passengers and staff. */
export function RunsTab({ day, onDayChange, actions }: Props) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const list = useRuns(day);
  const remove = useDeleteRun();
  const addPerson = useAddRunPerson();
  const removePerson = useRemoveRunPerson();
  const busy = remove.isPending || addPerson.isPending || removePerson.isPending;
  const runs = list.data ?? [];
  // Who is absent on the runs' day, for the search dialog's notes (Presenze).
  const absences = useDayAbsences(day, dialog?.type === 'add');

  const deleteRun = (run: DayTransportRun) => {
    if (!window.confirm(ANAGRAFICHE_MSG.confirmDeleteRun)) return;
    void withToasts(remove.mutateAsync(run.ID), { success: MSG.deleted });
  };

  return (
    <section aria-labelledby="runs-title">
      <TabToolbar
        id="runs"
        title={`Uscite di ${WEEKDAYS_IT[weekdayOf(day)]} ${formatDayMonthYear(day)}`}
        newLabel="Nuova uscita"
        onNew={() => setDialog({ type: 'form' })}
      >
        <DateField
          id="runs-date"
          label="Data"
          value={day}
          onChange={onDayChange}
          required
          className="d-flex align-items-center gap-2"
          labelClassName="mb-0"
        />
        {actions}
      </TabToolbar>
      <ListState label="uscite" query={list} empty={runs.length === 0} emptyText="Nessuna uscita in questa giornata." />
      <div className="d-grid gap-3">
        {runs.map((run) => (
          <RunCard
            key={run.ID}
            run={run}
            busy={busy}
            onEdit={() => setDialog({ type: 'form', run })}
            onDelete={() => deleteRun(run)}
            onAdd={(kind) => setDialog({ type: 'add', kind, run })}
            onRemove={(kind, personId) =>
              void withToasts(removePerson.mutateAsync({ kind, uscita: run.ID, personId }), { success: MSG.deleted })
            }
          />
        ))}
      </div>
      {runs.length > 0 && (
        <p className="text-muted small mt-3 mb-0">
          Ogni uscita compare nel calendario del suo giorno, in Attività esterne, con i suoi passeggeri e operatori.
        </p>
      )}
      {dialog?.type === 'form' && <RunFormModal day={day} run={dialog.run} onClose={() => setDialog(null)} />}
      {dialog?.type === 'add' && (
        <PersonSearchDialog
          kind={dialog.kind}
          context={`${runTitle(dialog.run)} · ${minibusName(dialog.run)}`}
          busy={addPerson.isPending}
          noteFor={(person) => {
            const motivo = absenceReasonOf(absences.data, dialog.kind, person.ID);
            return motivo ? absentNote(motivo) : undefined;
          }}
          onAdd={(person) => {
            const motivo = absenceReasonOf(absences.data, dialog.kind, person.ID);
            return withToasts(addPerson.mutateAsync({ kind: dialog.kind, uscita: dialog.run.ID, personId: person.ID }), {
              success: `${person.label} inserito in ${dialog.run.Tratta}${motivo ? `, ma è ${absentNote(motivo)}` : ''}`,
              successDuration: motivo ? 6000 : undefined,
            });
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </section>
  );
}
