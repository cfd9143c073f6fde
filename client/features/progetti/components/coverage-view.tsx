import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { addDays } from '../../../../common/dates.ts';
import { agendaOf, paths, schedaOf, withDay } from '../../../../common/paths.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { WeekHeader } from '../../../components/week-header.tsx';
import { buildCsv, downloadText } from '../../../lib/csv.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useExport } from '../../../lib/export-record.ts';
import { useCopertura } from '../api/progetti.ts';
import { coverageCsvName, coverageCsvRows, isUnderPlan, underLine } from '../coverage.ts';
import { CoverageCell } from './coverage-cell.tsx';

interface Props {
  /** The Monday of the week shown. */
  monday: string;
}

/**
 * Copertura (docs/product.md, Schermate): each utente with a progetto in the week against each type of activity of
 * the progetti, previste / pianificate / erogate; "solo chi è sotto" keeps the utenti with a short riga; Esporta CSV.
 */
export function CoverageView({ monday }: Props) {
  const copertura = useCopertura(monday);
  const [onlyUnder, setOnlyUnder] = useState(false);
  const csv = useExport();
  const data = copertura.data;
  const columns = useMemo(() => {
    const names = new Map<number, string>();
    for (const p of data?.pazienti ?? []) for (const r of p.righe) names.set(r.tipo, r.nome);
    return [...names.entries()].sort((a, b) => a[1].localeCompare(b[1], 'it')).map(([tipo, nome]) => ({ tipo, nome }));
  }, [data]);
  const rows = (data?.pazienti ?? []).filter((p) => !onlyUnder || isUnderPlan(p));
  const line = underLine(data);

  const exportCsv = () =>
    csv.run(() => {
      if (!data) throw new Error('copertura non letta');
      return {
        record: { tipo: 'copertura_csv', dal: monday, al: addDays(monday, 6) },
        make: () => downloadText(coverageCsvName(monday), buildCsv(coverageCsvRows(data))),
      };
    });

  const weekLink = (offset: number) => `${withDay(paths.weekPrint, addDays(monday, offset))}&vista=copertura`;
  return (
    <section aria-labelledby="copertura-title" className="coverage">
      <WeekHeader day={monday} from={monday} to={addDays(monday, 6)}>
        <Link className="btn btn-outline-secondary" to={weekLink(-7)} aria-label="Settimana precedente">
          ‹
        </Link>
        <Link className="btn btn-outline-secondary" to={weekLink(7)} aria-label="Settimana successiva">
          ›
        </Link>
      </WeekHeader>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <h2 id="copertura-title" className="h5 mb-0 me-auto">
          Copertura dei progetti
        </h2>
        <Form.Check
          type="switch"
          id="copertura-solo-sotto"
          label="Solo chi è sotto"
          checked={onlyUnder}
          onChange={(e) => setOnlyUnder(e.target.checked)}
        />
        <ExportButton
          busy={csv.busy}
          disabled={!data || data.pazienti.length === 0}
          onClick={() => void exportCsv()}
          variant="outline-primary"
        >
          Esporta CSV
        </ExportButton>
      </div>
      <p className="text-muted small mb-2">
        Per ogni utente e attività del suo progetto: sedute pianificate su previste, e quante erogate (presenza all’appello).
        {line && (
          <>
            {' '}
            <strong className="text-danger-emphasis">{line}.</strong>
          </>
        )}
      </p>
      {copertura.isPending ? (
        <div className="text-center py-4">
          <Spinner role="status" aria-label="Caricamento della copertura" />
        </div>
      ) : copertura.isError ? (
        <Alert variant="danger">{errorMessage(copertura.error)}</Alert>
      ) : rows.length === 0 ? (
        <p className="text-muted py-3 mb-0">
          {onlyUnder ? 'Nessun utente sotto il progetto questa settimana.' : 'Nessun utente ha un progetto in questa settimana.'}
        </p>
      ) : (
        <div className="coverage-scroll">
          <Table bordered size="sm" className="coverage-table mb-0">
            <caption className="visually-hidden">Copertura della settimana: sedute pianificate su previste ed erogate</caption>
            <thead>
              <tr>
                <th scope="col">Utente</th>
                {columns.map((c) => (
                  <th scope="col" key={c.tipo}>
                    {c.nome}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.paziente}>
                  <th scope="row">
                    <Link to={schedaOf(p.paziente)} className="link-dark">
                      {p.nome}
                    </Link>
                  </th>
                  {columns.map((c) => {
                    const riga = p.righe.find((r) => r.tipo === c.tipo);
                    return (
                      <td key={c.tipo}>
                        {riga ? (
                          <CoverageCell
                            riga={riga}
                            context={`${p.nome}, ${c.nome}`}
                            shortLink={agendaOf('paziente', p.paziente, monday, 'settimana')}
                          />
                        ) : (
                          <span className="text-muted" aria-label="non nel progetto">
                            —
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </section>
  );
}
