import type { PaperFormat } from '../../../../common/impostazioni.ts';
import type { Giornata, Room } from '../../../../common/schemas.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { useExport } from '../../../lib/export-record.ts';
import { dateToIso, formatItalianDate } from '../../../lib/italian-date.ts';

export interface PrintSettings {
  centre: string;
  paper: PaperFormat;
}

interface Props {
  day: string;
  /** The day as the calendar shows it; undefined while it loads. */
  giornata: Giornata | undefined;
  rooms: Room[];
  /** The centre's name and paper (Impostazioni), read when the PDF is made: handed in by the route. */
  loadSettings: () => Promise<PrintSettings>;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Stampa giornata: the displayed day as a PDF, for every role; recorded in the Registro before it is made. */
export function DayPrintButton({ day, giornata, rooms, loadSettings }: Props) {
  const pdf = useExport();
  const save = (shown: Giornata) =>
    pdf.run(async () => {
      const { centre, paper } = await loadSettings();
      const now = new Date();
      const printedAt = `${formatItalianDate(dateToIso(now))} alle ${pad(now.getHours())}:${pad(now.getMinutes())}`;
      return {
        record: { tipo: 'giornata_pdf', dal: day, al: day },
        // The PDF's code (and jsPDF, and the sheet's layout) is loaded on the first press, while the button says it is working.
        make: async () => {
          const [{ saveDayPdf }, { buildDaySheet, dayPdfName }] = await Promise.all([import('../day-pdf.ts'), import('../day-sheet.ts')]);
          return saveDayPdf({ day, centre, paper, sections: buildDaySheet(shown, rooms), printedAt }, dayPdfName(day));
        },
      };
    });
  return (
    <ExportButton variant="outline-dark" busy={pdf.busy} disabled={!giornata} onClick={() => giornata && void save(giornata)}>
      Stampa giornata
    </ExportButton>
  );
}
