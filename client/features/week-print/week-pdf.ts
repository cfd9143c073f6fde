/**
 * The week as a vector PDF (real, selectable text): landscape on the centre's paper (A4 unless Impostazioni says
 * Letter), 0.2 in margins. jspdf is imported here on demand, so it is fetched only when someone presses Stampa PDF.
 */
import type { PaperFormat } from '../../../common/impostazioni.ts';
import type { WeekGrid } from './week-grid.ts';

const MARGIN_PT = 0.2 * 72;

export const weekPdfName = (start: string, stop: string) => `settimana_${start}_${stop}.pdf`;

export async function saveWeekPdf(grid: WeekGrid, title: string, paper: PaperFormat, fileName: string): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: paper === 'Letter' ? 'letter' : 'a4' });
  doc.setProperties({ title, creator: 'Giornata' });
  doc.setFontSize(14);
  doc.text(title, MARGIN_PT, MARGIN_PT + 14);
  autoTable(doc, {
    startY: MARGIN_PT + 24,
    margin: { top: MARGIN_PT, right: MARGIN_PT, bottom: MARGIN_PT, left: MARGIN_PT },
    head: [['', ...grid.headers]],
    body: grid.rows.map((row) => [row.label, ...row.days.map((names) => names.join('\n'))]),
    theme: 'grid',
    styles: { fontSize: 10, cellPadding: 5, valign: 'top', overflow: 'linebreak' },
    headStyles: { fillColor: [33, 37, 41], textColor: 255, fontStyle: 'bold' },
    columnStyles: { 0: { fontStyle: 'bold', cellWidth: 110 } },
  });
  doc.save(fileName);
}
