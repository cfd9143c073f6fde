/**
 * The month's account for the ASL as a vector PDF (selectable text), A4 portrait: one section per ASL on a page of its
 * own, the utenti with their days, hours and absences, the ASL's totals, and the signature lines of the centre's
 * coordinator and of the ASL. jspdf is imported on demand, when someone presses the button.
 */
import { formatDate, MONTHS_IT } from '../../../common/dates.ts';
import type { AslAccount } from '../../../common/flussi.ts';

const MARGIN = 40;
const monthName = (mese: string) => `${MONTHS_IT[Number(mese.slice(5, 7)) - 1]} ${mese.slice(0, 4)}`;
export const aslPdfName = (mese: string) => `rendiconto-asl_${mese}.pdf`;
const hours = (n: number) => String(n).replace('.', ',');

export async function saveAslPdf(account: AslAccount, centre: string): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });
  const title = `Rendiconto presenze — ${monthName(account.mese)}`;
  doc.setProperties({ title: `${title} · ${centre}`, creator: 'Giornata' });
  account.asl.forEach((group, index) => {
    if (index > 0) doc.addPage();
    doc.setFontSize(14);
    doc.text(centre, MARGIN, MARGIN + 10);
    doc.setFontSize(12);
    doc.text(`${title} — ASL ${group.asl || 'non indicata'}`, MARGIN, MARGIN + 30);
    autoTable(doc, {
      startY: MARGIN + 44,
      margin: { left: MARGIN, right: MARGIN },
      head: [['Utente', 'Codice fiscale', 'Giorni', 'Oltre 4 ore', 'Ore', 'Ass. giust.', 'Ass. non giust.']],
      body: group.utenti.map((u) => [
        u.nome,
        u.CodiceFiscale,
        String(u.giorni),
        String(u.giorniOltre4Ore),
        hours(u.ore),
        String(u.assenzeGiustificate),
        String(u.assenzeNonGiustificate),
      ]),
      foot: [
        [
          'Totale',
          '',
          String(group.totali.giorni),
          String(group.totali.giorniOltre4Ore),
          hours(group.totali.ore),
          String(group.totali.assenzeGiustificate),
          String(group.totali.assenzeNonGiustificate),
        ],
      ],
      theme: 'grid',
      styles: { fontSize: 8.5, cellPadding: 3, lineColor: 160, lineWidth: 0.4 },
      headStyles: { fillColor: [33, 37, 41], textColor: 255 },
      footStyles: { fillColor: [240, 240, 240], textColor: 20, fontStyle: 'bold' },
    });
    let y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 18;
    doc.setFontSize(8);
    for (const u of group.utenti) {
      if (u.date.length === 0) continue;
      const line = `${u.nome}: ${u.date.map(formatDate).join(', ')}`;
      const lines = doc.splitTextToSize(line, doc.internal.pageSize.getWidth() - 2 * MARGIN) as string[];
      if (y + lines.length * 10 > doc.internal.pageSize.getHeight() - 90) {
        doc.addPage();
        y = MARGIN;
      }
      doc.text(lines, MARGIN, y);
      y += lines.length * 10 + 2;
    }
    const signY = Math.min(y + 40, doc.internal.pageSize.getHeight() - 50);
    doc.setFontSize(9);
    doc.text('Il coordinatore del centro', MARGIN, signY);
    doc.line(MARGIN, signY + 26, MARGIN + 200, signY + 26);
    doc.text(`Per l’ASL ${group.asl}`, MARGIN + 300, signY);
    doc.line(MARGIN + 300, signY + 26, MARGIN + 500, signY + 26);
  });
  doc.save(aslPdfName(account.mese));
}
