/**
 * The fogli di marcia as an A4 portrait PDF of real text (pdftotext and a screen reader read every name): one page per
 * run in departure order, the centre and the date, the run, the stops in order, "Non salgono oggi" and the driver's
 * signature line. jspdf is imported here on demand, as for the other PDFs. The PDF's standard font has no ♿: the word
 * "carrozzina" stands in its column.
 */
import type { Fogli } from '../../../common/trasporti.ts';
import { fogliSheets, fogliTitle, NOT_BOARDING } from './fogli-sheet.ts';

const MARGIN = 40;
const DARK: [number, number, number] = [33, 37, 41];
const MUTED: [number, number, number] = [90, 90, 90];

export async function saveFogliPdf(fogli: Fogli, fileName: string): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });
  const title = fogliTitle(fogli.data);
  doc.setProperties({ title: `${fogli.centro} – ${title}`, creator: 'Giornata' });
  const width = doc.internal.pageSize.getWidth();
  const height = doc.internal.pageSize.getHeight();
  const sheets = fogliSheets(fogli);
  if (sheets.length === 0) {
    doc.setFontSize(14);
    doc.text(title, MARGIN, MARGIN + 30);
    doc.setFontSize(11);
    doc.text('Nessuna uscita in questa giornata.', MARGIN, MARGIN + 56);
  }
  sheets.forEach((sheet, index) => {
    if (index > 0) doc.addPage();
    let y = MARGIN + 8;
    doc.setTextColor(...MUTED);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(10);
    doc.text(fogli.centro, MARGIN, y);
    doc.text(title, width - MARGIN, y, { align: 'right' });
    y += 26;
    doc.setTextColor(...DARK);
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(17);
    doc.text(sheet.title, MARGIN, y);
    y += 20;
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(11);
    for (const line of sheet.lines) {
      const lines = doc.splitTextToSize(line, width - 2 * MARGIN) as string[];
      doc.text(lines, MARGIN, y);
      y += 15 * lines.length;
    }
    y += 6;
    autoTable(doc, {
      startY: y,
      margin: { left: MARGIN, right: MARGIN, bottom: MARGIN + 60 },
      head: [['N.', 'Ora', 'Utente', 'Indirizzo', 'Telefono famiglia', 'Note']],
      body:
        sheet.stops.length > 0
          ? sheet.stops.map((s) => [
              String(s.ordine),
              s.ora || '—',
              s.carrozzina ? `${s.utente}\n${s.carrozzina}` : s.utente,
              s.indirizzo || '—',
              s.telefono || '—',
              s.note,
            ])
          : [[{ content: 'Nessun passeggero sale su questa uscita.', colSpan: 6, styles: { textColor: MUTED } }]],
      theme: 'grid',
      rowPageBreak: 'avoid',
      styles: { font: 'helvetica', fontSize: 10, textColor: DARK, cellPadding: 4, valign: 'top', lineColor: [173, 181, 189] },
      headStyles: { fillColor: DARK, textColor: 255, fontStyle: 'bold' },
      columnStyles: { 0: { cellWidth: 24 }, 1: { cellWidth: 40 }, 2: { cellWidth: 110, fontStyle: 'bold' }, 4: { cellWidth: 92 } },
    });
    y = ((doc as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? y) + 24;
    if (y > height - MARGIN - 120) {
      doc.addPage();
      y = MARGIN + 20;
    }
    doc.setFont('helvetica', 'bold');
    doc.setFontSize(12);
    doc.text(NOT_BOARDING, MARGIN, y);
    y += 16;
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(11);
    for (const line of sheet.notBoarding.length > 0 ? sheet.notBoarding : ['Nessuno']) {
      doc.text(line, MARGIN, y);
      y += 15;
    }
    // The driver signs at the foot of the run's last page.
    const foot = doc.internal.pageSize.getHeight() - MARGIN - 10;
    doc.setFontSize(11);
    doc.text("Firma dell'autista", MARGIN, foot);
    doc.line(MARGIN + 110, foot + 2, MARGIN + 330, foot + 2);
  });
  doc.save(fileName);
}
