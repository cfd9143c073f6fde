/**
 * The day as a vector PDF (real, selectable text) to pin on the wall: landscape on the centre's paper (A4 unless
 * Impostazioni says Letter), the centre's name and the date on every page, one band per room and one for the runs, the
 * table's head repeated on each page and no row cut by a page break. jspdf is imported here on demand, so it is fetched
 * only when someone presses Stampa giornata.
 */
import type { RowInput } from 'jspdf-autotable';
import type { PaperFormat } from '../../../common/impostazioni.ts';
import { dayTitle, NOTHING_PLANNED, peopleLines, type SheetSection } from './day-sheet.ts';

const MARGIN = 28;
/** Room for the centre's name and the date above the table on every page. */
const TOP = MARGIN + 44;
const DARK: [number, number, number] = [33, 37, 41];
const MUTED: [number, number, number] = [90, 90, 90];
const BAND: [number, number, number] = [222, 226, 230];
const RUN_BAND: [number, number, number] = [207, 226, 255];

export interface DayPdf {
  day: string;
  centre: string;
  paper: PaperFormat;
  sections: SheetSection[];
  /** When it was printed ("26/11/2026 alle 08:15"), so a sheet on the wall says how old it is. */
  printedAt: string;
}

export async function saveDayPdf({ day, centre, paper, sections, printedAt }: DayPdf, fileName: string): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: paper === 'Letter' ? 'letter' : 'a4' });
  const title = dayTitle(day);
  doc.setProperties({ title: `${centre} – ${title}`, creator: 'Giornata' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();

  const columns: RowInput = ['Ora', 'Attività', 'Utenti', 'Operatori'];
  const bandOf = (section: SheetSection): RowInput => [
    {
      content: section.kind === 'runs' ? `${section.label} · passeggeri in ordine di salita` : section.label,
      colSpan: 4,
      styles: { fontSize: 12, textColor: DARK, fillColor: section.kind === 'runs' ? RUN_BAND : BAND },
    },
  ];
  const rowsOf = (section: SheetSection): RowInput[] =>
    section.entries.map((entry) => [
      entry.time,
      entry.detail ? `${entry.title}\n${entry.detail}` : entry.title,
      peopleLines(section, entry).join('\n') || '—',
      entry.operatori.join('\n') || '—',
    ]);
  // One table per band: its head (the room and the columns) comes back on each page the band runs over.
  const tables: { head: RowInput[]; body: RowInput[] }[] =
    sections.length === 0
      ? [{ head: [columns], body: [[{ content: NOTHING_PLANNED, colSpan: 4, styles: { textColor: MUTED } }]] }]
      : sections.map((section) => ({ head: [bandOf(section), columns], body: rowsOf(section) }));

  let y = TOP;
  for (const { head, body } of tables) {
    autoTable(doc, {
      startY: y,
      margin: { top: TOP, right: MARGIN, bottom: MARGIN + 16, left: MARGIN },
      head,
      body,
      theme: 'grid',
      showHead: 'everyPage',
      rowPageBreak: 'avoid',
      styles: {
        font: 'helvetica',
        fontSize: 11,
        textColor: DARK,
        cellPadding: 5,
        valign: 'top',
        overflow: 'linebreak',
        lineColor: [173, 181, 189],
      },
      headStyles: { fillColor: DARK, textColor: 255, fontStyle: 'bold' },
      columnStyles: {
        0: { cellWidth: 78, fontStyle: 'bold' },
        1: { cellWidth: 210, fontStyle: 'bold' },
        3: { cellWidth: 190 },
      },
      didDrawPage: (data) => {
        y = (data.cursor?.y ?? y) + 14;
      },
    });
  }
  // The centre, the date and the page numbers on every page, once the tables are laid out and the count is known.
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont('helvetica', 'normal');
    doc.setTextColor(...MUTED);
    doc.setFontSize(11);
    doc.text(centre, MARGIN, MARGIN + 8);
    doc.setFontSize(9);
    doc.text(`Stampato il ${printedAt}`, width - MARGIN, MARGIN + 8, { align: 'right' });
    doc.text(`Pagina ${page} di ${pages}`, width - MARGIN, height - MARGIN, { align: 'right' });
    doc.setTextColor(...DARK);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(18);
    doc.text(title, MARGIN, MARGIN + 30);
  }
  doc.save(fileName);
}
