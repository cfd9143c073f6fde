import Alert from 'react-bootstrap/Alert';
import Table from 'react-bootstrap/Table';
import toast from 'react-hot-toast';
import { accessQuery } from '../../../../common/audit.ts';
import { downloadText } from '../../../lib/csv.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { useExport } from '../../../lib/export-record.ts';
import { checkForm } from '../../../lib/form-check.ts';
import { fetchAllAccesses, TOO_MANY_ROWS, useAccesses, type AccessFilters } from '../api/registro.ts';
import { ACCESS_KIND_LABELS, ACCESS_REASON_LABELS, formatAccessWhen, formatPeriod } from '../format.ts';
import { MarkedBadge } from './marked-badge.tsx';
import { formatDate } from '../../../../common/dates.ts';
import { personName } from '../person-names.ts';
import { accessCsvName, buildAccessCsv } from '../registro-csv.ts';
import type { RegistroState } from '../registro-state.ts';
import { ListState } from '../../../components/list-state.tsx';
import { Pager } from './pager.tsx';
import { RegistroPeriod } from './registro-period.tsx';
import { PersonFilter } from './person-filter.tsx';
import { TableHead } from '../../../components/table-head.tsx';

interface Props {
  state: RegistroState;
  onChange: (changes: Partial<RegistroState>) => void;
}

/**
 * Accessi a un utente: who read the utente's data in the period, newest first — reads that named them
 * ("diretto") and reads of days on which they were planned ("nel piano del giorno") — with its CSV.
 */
export function AccessesTab({ state, onChange }: Props) {
  const filters: AccessFilters | null = state.paziente !== null ? { dal: state.dal, al: state.al, paziente: state.paziente } : null;
  const checked = checkForm(accessQuery, { dal: state.dal, al: state.al, paziente: state.paziente ?? 1 });
  const rangeError = 'errors' in checked ? Object.values(checked.errors)[0] : undefined;
  const list = useAccesses(rangeError ? null : filters, state.pagina);
  const csv = useExport();
  const items = list.data?.items ?? [];
  const name = state.paziente !== null ? personName('paziente', state.paziente) : null;

  const exportCsv = (chosen: AccessFilters) =>
    csv.run(async () => {
      const { rows, cut } = await fetchAllAccesses(chosen);
      return {
        record: { tipo: 'accessi_csv', dal: chosen.dal, al: chosen.al, paziente: chosen.paziente },
        make: () => {
          downloadText(accessCsvName(chosen.paziente, chosen.dal, chosen.al), buildAccessCsv(rows));
          if (cut) toast(TOO_MANY_ROWS, { duration: 8000 });
        },
      };
    });

  return (
    <section aria-labelledby="accesses-title">
      <div className="registro-filters">
        <div className="registro-field" role="group" aria-labelledby="accesses-person-label">
          <span className="form-label d-block mb-1" id="accesses-person-label">
            Utente
          </span>
          <div className="d-flex align-items-center gap-2">
            {name && <span className="fw-semibold">{name}</span>}
            <PersonFilter
              kinds={['paziente']}
              changing={state.paziente !== null}
              context="Accessi a un utente: chi ha consultato i suoi dati."
              onChoose={(_, id) => onChange({ paziente: id })}
            />
          </div>
        </div>
        <RegistroPeriod idPrefix="accesses" state={state} error={rangeError} onChange={onChange} />
      </div>
      <div className="registro-toolbar">
        <h2 id="accesses-title" className="h5 mb-0 me-auto">
          {name ? `Accessi a ${name}` : 'Accessi a un utente'}
          {!rangeError && ` dal ${formatDate(state.dal)} al ${formatDate(state.al)}`}
        </h2>
        <ExportButton
          size="sm"
          variant="outline-primary"
          busy={csv.busy}
          onClick={() => filters && void exportCsv(filters)}
          disabled={!filters || !!rangeError || items.length === 0}
        >
          Esporta CSV
        </ExportButton>
      </div>
      {rangeError ? (
        <Alert variant="warning" id="accesses-period-error" className="py-2">
          {rangeError}
        </Alert>
      ) : !filters ? (
        <p className="text-muted py-3 mb-0">Scegli un utente per vedere chi ha consultato i suoi dati nel periodo.</p>
      ) : (
        <ListState
          label="accessi"
          query={list}
          empty={!!list.data && items.length === 0}
          emptyText="Nessun accesso ai dati di questo utente nel periodo."
        />
      )}
      {filters && !rangeError && items.length > 0 && (
        <div className={list.isPlaceholderData ? 'opacity-50' : undefined} aria-busy={list.isPlaceholderData}>
          <Table hover responsive className="registro-table align-middle" aria-labelledby="accesses-title">
            <TableHead columns={['Quando', 'Account', 'Tipo', 'Giorno o periodo', 'Motivo']} />
            <tbody>
              {items.map((row) => (
                <tr key={row.ID}>
                  <td className="text-nowrap registro-when">{formatAccessWhen(row)}</td>
                  <td className="text-break registro-who">
                    {row.utente}
                    {row.segnalata && <MarkedBadge />}
                  </td>
                  {/* data-label: the column's name, shown before the value when a phone stacks the row. */}
                  <td data-label="Tipo">{ACCESS_KIND_LABELS[row.tipo] ?? row.tipo}</td>
                  <td data-label="Giorno">{formatPeriod(row.giorno, row.giornoFine) || '—'}</td>
                  <td data-label="Motivo">{ACCESS_REASON_LABELS[row.motivo]}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {filters && !rangeError && list.data && (
        <Pager pagina={state.pagina} altre={list.data.altre} busy={list.isFetching} onChange={(pagina) => onChange({ pagina })} />
      )}
    </section>
  );
}
