import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Table from 'react-bootstrap/Table';
import type { TrasportiMese } from '../../../../common/trasporti.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { MonthSection } from '../../../components/month-field.tsx';
import { downloadText } from '../../../lib/csv.ts';
import { useExport } from '../../../lib/export-record.ts';
import { meseQueryOptions } from '../api/trasporti.ts';
import { buildTrasportiCsv, trasportiCsvName, trasportiPdfName } from '../trasporti-mese.ts';
import { firstDay, lastDay, monthName } from '../../../lib/months.ts';
import { TableHead } from '../../../components/table-head.tsx';

interface Props {
  month: string;
  onMonthChange: (month: string) => void;
  /** The centre's name at the top of the PDF, read when it is made. */
  loadCentreName: () => Promise<string>;
}

/**
 * Presenze → Trasporti del mese (administrators): per utente the trips travelled in the month, andata and ritorno apart,
 * and the totals per mezzo, with the CSV and the PDF for the ASL.
 */
export default function TrasportiMeseTab({ month, onMonthChange, loadCentreName }: Props) {
  const mese = useQuery({ ...meseQueryOptions(month), placeholderData: keepPreviousData });
  const data = mese.data?.mese === month ? mese.data : undefined;
  const csv = useExport();
  const pdf = useExport();
  const period = { dal: firstDay(month), al: lastDay(month) };
  const exportCsv = (m: TrasportiMese) =>
    csv.run(() => ({
      record: { tipo: 'trasporti_csv', ...period },
      make: () => downloadText(trasportiCsvName(month), buildTrasportiCsv(m)),
    }));
  const exportPdf = (m: TrasportiMese) =>
    pdf.run(async () => {
      const centre = await loadCentreName();
      return {
        record: { tipo: 'trasporti_pdf', ...period },
        make: async () => {
          const { saveTrasportiPdf } = await import('../trasporti-mese-pdf.ts');
          return saveTrasportiPdf(m, centre, trasportiPdfName(month));
        },
      };
    });

  return (
    <MonthSection id="trasporti" title={`Trasporti di ${monthName(month)}`} value={month} onChange={onMonthChange}>
      <div className="presenze-toolbar">
        <p className="text-muted small mb-0 me-auto">
          Un viaggio è un utente su un’uscita del mese, non assente quel giorno; le uscite che partono prima delle 12:00 sono andate, le
          altre ritorni.
        </p>
        <ExportButton size="sm" busy={pdf.busy} onClick={() => data && void exportPdf(data)} disabled={!data || csv.busy}>
          Esporta PDF
        </ExportButton>
        <ExportButton
          size="sm"
          variant="outline-primary"
          busy={csv.busy}
          onClick={() => data && void exportCsv(data)}
          disabled={!data || pdf.busy}
        >
          Esporta CSV
        </ExportButton>
      </div>
      <ListState
        label="trasporti del mese"
        query={mese}
        empty={!!mese.data && mese.data.utenti.length === 0}
        emptyText="Nessun viaggio in questo mese."
      />
      {mese.data && mese.data.utenti.length > 0 && (
        <div className={data ? 'row g-4' : 'row g-4 opacity-50'} aria-busy={!data}>
          <div className="col-lg-7">
            <Table size="sm" className="align-middle" aria-label={`Viaggi per utente, ${monthName(month)}`}>
              <TableHead
                columns={[
                  'Utente',
                  { header: 'Andata', className: 'text-end' },
                  { header: 'Ritorno', className: 'text-end' },
                  { header: 'Totale', className: 'text-end' },
                ]}
              />
              <tbody>
                {mese.data.utenti.map((u) => (
                  <tr key={u.RifPaziente}>
                    <th scope="row" className="fw-normal">
                      {u.Cognome} {u.Nome}
                    </th>
                    <td className="text-end">{u.andata}</td>
                    <td className="text-end">{u.ritorno}</td>
                    <td className="text-end fw-semibold">{u.totale}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Totale</th>
                  <td className="text-end fw-semibold">{mese.data.totale.andata}</td>
                  <td className="text-end fw-semibold">{mese.data.totale.ritorno}</td>
                  <td className="text-end fw-semibold">{mese.data.totale.totale}</td>
                </tr>
              </tfoot>
            </Table>
          </div>
          <div className="col-lg-5">
            <Table size="sm" className="align-middle" aria-label={`Totali per mezzo, ${monthName(month)}`}>
              <TableHead columns={['Mezzo', { header: 'Uscite', className: 'text-end' }, { header: 'Viaggi', className: 'text-end' }]} />
              <tbody>
                {mese.data.mezzi.map((m) => (
                  <tr key={m.ID}>
                    <th scope="row" className="fw-normal">
                      {m.Nome}
                    </th>
                    <td className="text-end">{m.uscite}</td>
                    <td className="text-end">
                      {m.totale}{' '}
                      <span className="text-muted small">
                        ({m.andata} andata, {m.ritorno} ritorno)
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        </div>
      )}
    </MonthSection>
  );
}
