/**
 * Trasporti del mese as an A4 portrait PDF of real text: the centre, the month, the trips per utente (andata, ritorno,
 * totale) and the totals per mezzo. jspdf is imported here on demand, as for the other PDFs.
 */
import type { TrasportiMese } from '../../../common/trasporti.ts';
import { monthName } from '../../lib/months.ts';

const MARGIN = 40;
const DARK: [number, number, number] = [33, 37, 41];

export async function saveTrasportiPdf(mese: TrasportiMese, centre: string, fileName: string): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });
  const title = `Trasporti di ${monthName(mese.mese)}`;
  doc.setProperties({ title: `${title} · ${centre}`, creator: 'Giornata' });
  doc.setFontSize(11);
  doc.text(centre, MARGIN, MARGIN);
  doc.setFontSize(16);
  doc.text(title, MARGIN, MARGIN + 24);
  doc.setFontSize(10);
  doc.text('Un viaggio è un utente su un’uscita del mese, non assente quel giorno.', MARGIN, MARGIN + 42);
  const styles = {
    font: 'helvetica',
    fontSize: 10,
    textColor: DARK,
    cellPadding: 4,
    lineColor: [173, 181, 189] as [number, number, number],
  };
  const headStyles = { fillColor: DARK, textColor: 255, fontStyle: 'bold' as const };
  autoTable(doc, {
    startY: MARGIN + 56,
    margin: { left: MARGIN, right: MARGIN },
    head: [['Utente', 'Andata', 'Ritorno', 'Totale']],
    body:
      mese.utenti.length > 0
        ? mese.utenti.map((u) => [`${u.Cognome} ${u.Nome}`, String(u.andata), String(u.ritorno), String(u.totale)])
        : [[{ content: 'Nessun viaggio in questo mese.', colSpan: 4 }]],
    foot: [['Totale', String(mese.totale.andata), String(mese.totale.ritorno), String(mese.totale.totale)]],
    theme: 'grid',
    styles,
    headStyles,
    footStyles: headStyles,
  });
  const y = ((doc as unknown as { lastAutoTable?: { finalY: number } }).lastAutoTable?.finalY ?? MARGIN) + 24;
  autoTable(doc, {
    startY: y,
    margin: { left: MARGIN, right: MARGIN },
    head: [['Mezzo', 'Uscite', 'Andata', 'Ritorno', 'Totale']],
    body:
      mese.mezzi.length > 0
        ? mese.mezzi.map((m) => [m.Nome, String(m.uscite), String(m.andata), String(m.ritorno), String(m.totale)])
        : [[{ content: 'Nessuna uscita in questo mese.', colSpan: 5 }]],
    theme: 'grid',
    styles,
    headStyles,
  });
  doc.save(fileName);
}
