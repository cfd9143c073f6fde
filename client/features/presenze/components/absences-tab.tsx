import { useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { absenceListQuery, PRESENZE_MSG, REASON_LABELS, type Absence } from '../../../../common/presenze.ts';
import { errorMessage, isCorrectionRequired } from '../../../lib/api-client.ts';
import { checkForm } from '../../../lib/form-check.ts';
import { isAdmin, useUser } from '../../../lib/session.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { removedCount, useAbsences, useDeleteAbsence, useRemoveAbsent } from '../../../lib/absences.ts';
import { formatDate } from '../../../../common/dates.ts';
import { AbsenceFormModal, KIND_LABELS } from './absence-form-modal.tsx';
import { CorrectionModal } from './correction-modal.tsx';
import { PeriodFields } from '../../../components/period-fields.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { TableHead } from '../../../components/table-head.tsx';

/** "Tolto da 3 attività e uscite", "Tolto da 1 attività o uscita": the number of links the server removed. */
export const removedText = (rimossi: number) =>
  rimossi === 0 ? 'Non era in nessuna attività o uscita del periodo' : `Tolto da ${removedCount(rimossi)}`;

interface Props {
  from: string;
  to: string;
  onRangeChange: (from: string, to: string) => void;
}

/** Assenze: the absences of a range for everyone; administrators record, edit, delete and take absent people out of the plan. */
export function AbsencesTab({ from, to, onRangeChange }: Props) {
  const admin = isAdmin(useUser());
  const range = checkForm(absenceListQuery, { dal: from, al: to });
  const rangeError = 'errors' in range ? Object.values(range.errors)[0] : undefined;
  const list = useAbsences(from, to, !rangeError);
  const remove = useDeleteAbsence();
  const takeOut = useRemoveAbsent();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Absence | null>(null);
  // An absence in a closed month is deleted only with a reason, asked after the server's refusal.
  const [deleting, setDeleting] = useState<Absence | null>(null);
  const newRef = useRef<HTMLButtonElement>(null);
  // The Modifica button that opened the form: focus goes back to it (or to Nuova assenza if its row left the list).
  const editReturn = useRef<HTMLButtonElement | null>(null);
  const items = list.data ?? [];
  const busy = remove.isPending || takeOut.isPending;

  const deleteAbsence = async (absence: Absence) => {
    if (!window.confirm(PRESENZE_MSG.confirmDeleteAbsence)) return;
    try {
      await remove.mutateAsync({ ID: absence.ID });
      toast.success(PRESENZE_MSG.absenceDeleted);
    } catch (error) {
      if (isCorrectionRequired(error)) setDeleting(absence);
      else toast.error(errorMessage(error));
    }
  };

  return (
    <section aria-labelledby="absences-title">
      <div className="presenze-toolbar">
        <h2 id="absences-title" className="h5 mb-0 me-auto">
          Assenze {list.data && !rangeError && <span className="badge text-bg-secondary fw-normal">{items.length}</span>}
        </h2>
        <PeriodFields
          idPrefix="absences"
          dal={from}
          al={to}
          error={rangeError}
          onChange={onRangeChange}
          className="d-flex align-items-center gap-2"
          labelClassName="mb-0"
        />
        {admin && (
          <Button ref={newRef} variant="success" onClick={() => setCreating(true)}>
            Nuova assenza
          </Button>
        )}
      </div>
      {rangeError ? (
        <Alert variant="warning" id="absences-period-error" className="py-2">
          {rangeError}
        </Alert>
      ) : (
        <ListState label="assenze" query={list} empty={items.length === 0} emptyText="Nessuna assenza in questo periodo." />
      )}
      {!rangeError && items.length > 0 && (
        <Table hover responsive className="presenze-table align-middle" aria-label={`Assenze dal ${formatDate(from)} al ${formatDate(to)}`}>
          <TableHead columns={['Persona', 'Tipo', 'Dal', 'Al', 'Motivo', 'Giustificata', 'Note']} actions={admin} />
          <tbody>
            {items.map((a) => (
              <tr key={a.ID}>
                <th scope="row" className="fw-semibold">
                  {a.nome}
                </th>
                <td>{KIND_LABELS[a.tipo]}</td>
                <td className="text-nowrap">{formatDate(a.dal)}</td>
                <td className="text-nowrap">{formatDate(a.al)}</td>
                <td>{REASON_LABELS[a.motivo]}</td>
                <td>{a.giustificata ? 'sì' : 'no'}</td>
                <td className="text-break">{a.note || <span className="text-muted">—</span>}</td>
                {admin && (
                  <td className="text-end">
                    <div className="d-flex flex-wrap justify-content-end gap-1">
                      <Button
                        size="sm"
                        variant="outline-primary"
                        disabled={busy}
                        aria-label={`Togli dalle attività del periodo: ${a.nome}`}
                        onClick={() => void withToasts(takeOut.mutateAsync({ ID: a.ID }), { success: (r) => removedText(r.rimossi) })}
                      >
                        Togli dalle attività del periodo
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        disabled={busy}
                        aria-label={`Modifica l’assenza di ${a.nome} dal ${formatDate(a.dal)}`}
                        onClick={(e) => {
                          editReturn.current = e.currentTarget;
                          setEditing(a);
                        }}
                      >
                        Modifica
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={busy}
                        aria-label={`Elimina l’assenza di ${a.nome} dal ${formatDate(a.dal)}`}
                        onClick={() => void deleteAbsence(a)}
                      >
                        Elimina
                      </Button>
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      {creating && (
        <AbsenceFormModal
          onClose={() => {
            setCreating(false);
            // The dialog may have opened the search dialog on top of it: focus goes back to the button that opened it.
            setTimeout(() => newRef.current?.focus(), 0);
          }}
        />
      )}
      {editing && (
        <AbsenceFormModal
          absence={editing}
          onClose={() => {
            setEditing(null);
            setTimeout(() => (editReturn.current?.isConnected ? editReturn.current : newRef.current)?.focus(), 0);
          }}
        />
      )}
      {deleting && (
        <CorrectionModal
          title="Elimina un’assenza di un mese chiuso"
          intro={`L’assenza di ${deleting.nome} dal ${formatDate(deleting.dal)} al ${formatDate(deleting.al)} tocca un mese chiuso: indica il motivo della correzione.`}
          submitLabel="Elimina l’assenza"
          busy={remove.isPending}
          onSubmit={(correzione) =>
            withToasts(remove.mutateAsync({ ID: deleting.ID, correzione }), { success: PRESENZE_MSG.absenceDeleted })
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
