import { useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import CloseButton from 'react-bootstrap/CloseButton';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { AUDIT_ACTION_NAMES, auditQuery, isMultiDay, type AuditAction, type AuditRow as Row } from '../../../../common/audit.ts';
import { kindLabel } from '../../../../common/words.ts';
import { ACTIVITY_RESTORED, DAYS_RESTORED } from '../../../lib/undo.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { downloadText } from '../../../lib/csv.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { useExport } from '../../../lib/export-record.ts';
import { checkForm } from '../../../lib/form-check.ts';
import { fetchAllAudit, TOO_MANY_ROWS, useAccounts, useAudit, useUndoOperation, type AuditFilters } from '../api/registro.ts';
import { actionLabel } from '../format.ts';
import { formatDate } from '../../../../common/dates.ts';
import { personName } from '../person-names.ts';
import { auditCsvName, buildAuditCsv } from '../registro-csv.ts';
import type { RegistroState } from '../registro-state.ts';
import { AuditRow } from './audit-row.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { Pager } from './pager.tsx';
import { RegistroPeriod } from './registro-period.tsx';
import { PersonFilter } from './person-filter.tsx';
import { TableHead } from '../../../components/table-head.tsx';

/** The actions in the Azione select, grouped as the centre thinks of them. */
const ACTION_GROUPS: { label: string; prefixes: string[] }[] = [
  { label: 'Calendario', prefixes: ['attivita.', 'paziente.', 'terapista.', 'giornata.', 'settimana.'] },
  { label: 'Uscite', prefixes: ['uscita.'] },
  { label: 'Anagrafiche', prefixes: ['anagrafica.'] },
  { label: 'Presenze', prefixes: ['assenza.', 'appello.', 'mese.', 'chiusura.'] },
  { label: 'Account e accessi', prefixes: ['account.', 'password.', 'accesso.'] },
  { label: 'Esportazioni', prefixes: ['esportazione.'] },
];
const actionsOf = (prefixes: string[]) => AUDIT_ACTION_NAMES.filter((a) => prefixes.some((p) => a.startsWith(p)));

/** Riporta la giornata com’era: the confirmation of an Annulla from the registro. */
export const confirmUndoText = (row: Row) =>
  row.azione === 'attivita.elimina'
    ? `Ripristinare l’attività eliminata?\n\n${row.frase}\n\nLa giornata torna com’era prima dell’eliminazione.`
    : isMultiDay(row.azione)
      ? `Riportare com’erano tutte le giornate scritte da questa operazione?\n\n${row.frase}`
      : `Riportare la giornata com’era prima di questa operazione?\n\n${row.frase}`;

interface Props {
  state: RegistroState;
  onChange: (changes: Partial<RegistroState>) => void;
}

/** Modifiche: every change, sign-in and export of the period, newest first, with filters, details, Annulla and the CSV. */
export function ChangesTab({ state, onChange }: Props) {
  const filters: AuditFilters = {
    dal: state.dal,
    al: state.al,
    ...(state.utente !== null ? { utente: state.utente } : {}),
    ...(state.azione !== null ? { azione: state.azione } : {}),
    ...(state.persona !== null ? { tipo: state.persona.tipo, persona: state.persona.id } : {}),
    ...(state.attivita !== null ? { attivita: state.attivita } : {}),
  };
  const checked = checkForm(auditQuery, filters);
  const rangeError = 'errors' in checked ? Object.values(checked.errors)[0] : undefined;
  const list = useAudit(filters, state.pagina, !rangeError);
  const accounts = useAccounts();
  const undo = useUndoOperation();
  const csv = useExport();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const items = list.data?.items ?? [];
  const filtered = state.utente !== null || state.azione !== null || state.persona !== null || state.attivita !== null;

  const undoRow = async (row: Row) => {
    if (!window.confirm(confirmUndoText(row))) return;
    try {
      const answer = await undo.mutateAsync(row.ID);
      toast.success(row.azione === 'attivita.elimina' ? ACTIVITY_RESTORED : DAYS_RESTORED(answer.giorni.length));
    } catch (error) {
      console.error(error);
      toast.error(errorMessage(error));
    }
    // The row's button is gone once the list is read again: focus goes back to the list's heading.
    headingRef.current?.focus();
  };

  const exportCsv = () =>
    csv.run(async () => {
      const { rows, cut } = await fetchAllAudit(filters);
      return {
        record: { tipo: 'registro_modifiche_csv', dal: state.dal, al: state.al },
        make: () => {
          downloadText(auditCsvName(state.dal, state.al), buildAuditCsv(rows));
          if (cut) toast(TOO_MANY_ROWS, { duration: 8000 });
        },
      };
    });

  return (
    <section aria-labelledby="changes-title">
      <div className="registro-filters">
        <RegistroPeriod idPrefix="changes" state={state} error={rangeError} onChange={onChange} />
        <Form.Group controlId="changes-account" className="registro-field">
          <Form.Label className="mb-1">Account</Form.Label>
          <Form.Select
            size="sm"
            value={state.utente ?? ''}
            onChange={(e) => onChange({ utente: e.target.value ? Number(e.target.value) : null })}
          >
            <option value="">Tutti</option>
            {state.utente !== null && !accounts.data?.some((a) => a.ID === state.utente) && (
              <option value={state.utente}>account n. {state.utente}</option>
            )}
            {(accounts.data ?? []).map((a) => (
              <option key={a.ID} value={a.ID}>
                {a.username}
                {a.Disattivato ? ' (disattivato)' : ''}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="changes-action" className="registro-field registro-field-wide">
          <Form.Label className="mb-1">Azione</Form.Label>
          <Form.Select
            size="sm"
            value={state.azione ?? ''}
            onChange={(e) => onChange({ azione: (e.target.value || null) as AuditAction | null })}
          >
            <option value="">Tutte</option>
            {ACTION_GROUPS.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {actionsOf(group.prefixes).map((a) => (
                  <option key={a} value={a}>
                    {actionLabel(a)}
                  </option>
                ))}
              </optgroup>
            ))}
          </Form.Select>
        </Form.Group>
        <div className="registro-field" role="group" aria-labelledby="changes-person-label">
          <span className="form-label d-block mb-1" id="changes-person-label">
            Persona
          </span>
          <div className="d-flex gap-1">
            <PersonFilter
              kinds={['paziente', 'terapista']}
              context="Registro: le modifiche che hanno toccato questa persona."
              onChoose={(tipo, id) => onChange({ persona: { tipo, id } })}
            />
          </div>
        </div>
      </div>
      {(state.persona || state.attivita !== null) && (
        <ul className="registro-chips list-unstyled d-flex flex-wrap gap-2" aria-label="Filtri attivi">
          {state.persona && (
            <FilterChip
              text={`${kindLabel(state.persona.tipo)}: ${personName(state.persona.tipo, state.persona.id)}`}
              onRemove={() => onChange({ persona: null })}
            />
          )}
          {state.attivita !== null && (
            <FilterChip text={`Storico dell’attività ${state.attivita}`} onRemove={() => onChange({ attivita: null })} />
          )}
        </ul>
      )}
      <div className="registro-toolbar">
        <h2 id="changes-title" className="h5 mb-0 me-auto" tabIndex={-1} ref={headingRef}>
          Modifiche {!rangeError && `dal ${formatDate(state.dal)} al ${formatDate(state.al)}`}
        </h2>
        <ExportButton
          size="sm"
          variant="outline-primary"
          busy={csv.busy}
          onClick={() => void exportCsv()}
          disabled={!!rangeError || items.length === 0}
        >
          Esporta CSV
        </ExportButton>
      </div>
      {rangeError ? (
        <Alert variant="warning" id="changes-period-error" className="py-2">
          {rangeError}
        </Alert>
      ) : (
        <ListState
          label="registro"
          query={list}
          empty={!!list.data && items.length === 0}
          emptyText={filtered ? 'Nessuna modifica con questi filtri nel periodo.' : 'Nessuna modifica nel periodo.'}
        />
      )}
      {!rangeError && items.length > 0 && (
        <div className={list.isPlaceholderData ? 'opacity-50' : undefined} aria-busy={list.isPlaceholderData}>
          <Table hover responsive className="registro-table align-middle" aria-labelledby="changes-title">
            <TableHead columns={['Quando', 'Account', 'Cosa è cambiato']} actions="hidden" />
            <tbody>
              {items.map((row) => (
                <AuditRow key={row.ID} row={row} busy={undo.isPending} onUndo={(r) => void undoRow(r)} />
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {!rangeError && list.data && (
        <Pager pagina={state.pagina} altre={list.data.altre} busy={list.isFetching} onChange={(pagina) => onChange({ pagina })} />
      )}
    </section>
  );
}

function FilterChip({ text, onRemove }: { text: string; onRemove: () => void }) {
  return (
    <li className="registro-chip badge rounded-pill text-bg-light border d-inline-flex align-items-center gap-2">
      <span>{text}</span>
      <CloseButton aria-label={`Togli il filtro ${text}`} onClick={onRemove} />
    </li>
  );
}
