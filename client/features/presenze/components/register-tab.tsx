import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { PRESENZE_MSG, type MonthRegister } from '../../../../common/presenze.ts';
import { downloadText } from '../../../lib/csv.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { useExport } from '../../../lib/export-record.ts';
import { isAdmin, useUser } from '../../../lib/session.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useCloseMonth, useCorrections, useMonthRegister, useReopenMonth } from '../api/month-register.ts';
import { addDays, formatDate, todayLocal } from '../../../../common/dates.ts';
import { formatTime } from '../month.ts';
import { firstDay, lastDay, monthName } from '../../../lib/months.ts';
import { buildRegisterCsv, registerCsvName } from '../register-csv.ts';
import { saveRegisterPdf } from '../register-pdf.ts';
import { CorrectionModal } from './correction-modal.tsx';
import { ListState } from '../../../components/list-state.tsx';
import { MonthSection } from '../../../components/month-field.tsx';
import { RegisterGrid } from './register-grid.tsx';

/** "Mese chiuso da anna il 02/12/2026". */
export const closedText = (chiuso: NonNullable<MonthRegister['chiuso']>) =>
  `Mese chiuso da ${chiuso.da} il ${formatDate(chiuso.il.slice(0, 10))}`;

/** Registro mensile: the month's grid, its closing (administrators) and its exports (everyone). */
export function RegisterTab({ month, onMonthChange }: { month: string; onMonthChange: (month: string) => void }) {
  const admin = isAdmin(useUser());
  const register = useMonthRegister(month);
  const closeMonth = useCloseMonth();
  const reopenMonth = useReopenMonth();
  const corrections = useCorrections(month, admin);
  const [reopening, setReopening] = useState(false);
  // The exports: the server records each first (lib/export-record.ts); one at a time.
  const pdf = useExport();
  const csv = useExport();
  // While another month loads, the previous one stays on screen (dimmed): exports wait for the right one.
  const data = register.data?.mese === month ? register.data : undefined;
  // A month closes only once its last day is past (the server says so too).
  const over = lastDay(month) < todayLocal();

  const period = { dal: firstDay(month), al: lastDay(month) };
  const exportPdf = (register: MonthRegister) =>
    pdf.run(() => ({ record: { tipo: 'registro_pdf', ...period }, make: () => saveRegisterPdf(register) }));
  const exportCsv = (register: MonthRegister) =>
    csv.run(() => ({
      record: { tipo: 'registro_csv', ...period },
      make: () => downloadText(registerCsvName(month), buildRegisterCsv(register)),
    }));

  const close = () => {
    if (!window.confirm(PRESENZE_MSG.confirmCloseMonth)) return;
    void withToasts(closeMonth.mutateAsync(month), { success: PRESENZE_MSG.monthClosedOk });
  };

  return (
    <MonthSection id="register" title={`Registro di ${monthName(month)}`} value={month} onChange={onMonthChange}>
      <div className="presenze-toolbar">
        <p className="mb-0 me-auto" aria-live="polite">
          {data?.chiuso ? (
            <span className="badge text-bg-secondary fs-6 fw-normal">{closedText(data.chiuso)}</span>
          ) : data ? (
            <span className="text-muted">Mese aperto</span>
          ) : null}
        </p>
        {admin && data && !data.chiuso && !over && (
          <span className="small text-muted">Si potrà chiudere dal {formatDate(addDays(lastDay(month), 1))}</span>
        )}
        {admin && data && !data.chiuso && over && (
          <Button variant="outline-danger" size="sm" onClick={close} disabled={closeMonth.isPending}>
            Chiudi il mese
          </Button>
        )}
        {admin && data?.chiuso && (
          <Button variant="outline-primary" size="sm" onClick={() => setReopening(true)} disabled={reopenMonth.isPending}>
            Riapri
          </Button>
        )}
        <ExportButton size="sm" busy={pdf.busy} onClick={() => data && void exportPdf(data)} disabled={!data || csv.busy}>
          Esporta PDF
        </ExportButton>
        <Button size="sm" variant="outline-primary" onClick={() => data && void exportCsv(data)} disabled={!data || pdf.busy || csv.busy}>
          Esporta CSV
        </Button>
      </div>
      <ListState
        label="registro"
        query={register}
        empty={!!register.data && register.data.pazienti.length === 0}
        emptyText="Nessun utente in questo mese: il registro elenca chi ha un appello, un’assenza o un’attività del mese."
      />
      {register.data && register.data.pazienti.length > 0 && (
        <div className={data ? undefined : 'opacity-50'} aria-busy={!data}>
          <RegisterGrid register={register.data} />
        </div>
      )}
      {admin && corrections.data && corrections.data.length > 0 && (
        <details className="mt-3">
          <summary>Correzioni del mese ({corrections.data.length})</summary>
          <ul className="small mt-2">
            {corrections.data.map((c) => (
              <li key={c.ID}>
                {formatDate(c.il.slice(0, 10))} {formatTime(c.il)}, {c.da}: {c.cambio}. Motivo: {c.motivo}
              </li>
            ))}
          </ul>
        </details>
      )}
      {reopening && (
        <CorrectionModal
          title={`Riapri ${monthName(month)}`}
          intro="Riaprendo il mese, presenze e assenze tornano modificabili. Indica perché lo riapri."
          submitLabel="Riapri il mese"
          busy={reopenMonth.isPending}
          onSubmit={(correzione) =>
            withToasts(reopenMonth.mutateAsync({ mese: month, correzione }), { success: PRESENZE_MSG.monthReopened })
          }
          onClose={() => setReopening(false)}
        />
      )}
    </MonthSection>
  );
}
