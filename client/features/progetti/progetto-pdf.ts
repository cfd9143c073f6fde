/**
 * Stampa progetto (docs/product.md, Scheda utente): one utente's progetto on an A4 portrait page, as real text (a
 * PDF reader, pdftotext and a screen reader read it): the centre's name, the utente, the period, the review date,
 * the frequenza, the goals, the righe, and the signature lines of the coordinator and of the family. jspdf is
 * imported here on demand, as for the other PDFs.
 */
import { formatDate, WEEKDAYS_IT } from '../../../common/dates.ts';
import type { Progetto } from '../../../common/progetti.ts';

export interface ProgettoSheet {
  centre: string;
  utente: string;
  progetto: Progetto;
  /** The righe's type names, in the progetto's order. */
  typeNames: string[];
}

const MARGIN = 48;

export const progettoPdfName = (paziente: number, dal: string) => `progetto_${paziente}_${dal}.pdf`;

export const periodText = (p: Pick<Progetto, 'dal' | 'al'>) =>
  p.al ? `dal ${formatDate(p.dal)} al ${formatDate(p.al)}` : `dal ${formatDate(p.dal)}, senza data di fine`;

export const frequenzaText = (p: Pick<Progetto, 'frequenza'>) =>
  p.frequenza.length === 0
    ? 'nessun giorno indicato'
    : [...p.frequenza]
        .sort((a, b) => a.giorno - b.giorno)
        .map((w) => `${WEEKDAYS_IT[w.giorno].toLowerCase()} ${w.dalle}–${w.alle}`)
        .join(', ');

export async function saveProgettoPdf(sheet: ProgettoSheet, fileName: string): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4', compress: true });
  const width = doc.internal.pageSize.getWidth() - 2 * MARGIN;
  const { progetto } = sheet;
  doc.setProperties({ title: `Progetto individuale di ${sheet.utente} · ${sheet.centre}`, creator: 'Giornata' });
  let y = MARGIN;
  doc.setFontSize(11);
  if (sheet.centre) doc.text(sheet.centre, MARGIN, y);
  y += 24;
  doc.setFontSize(16);
  doc.text(`Progetto individuale di ${sheet.utente}`, MARGIN, y);
  y += 22;
  doc.setFontSize(10.5);
  for (const line of [
    `Periodo: ${periodText(progetto)}`,
    `Verifica prevista: ${formatDate(progetto.verifica)}`,
    `Frequenza: ${frequenzaText(progetto)}`,
  ]) {
    const lines = doc.splitTextToSize(line, width) as string[];
    doc.text(lines, MARGIN, y);
    y += 15 * lines.length;
  }
  y += 8;
  doc.setFontSize(12);
  doc.text('Obiettivi', MARGIN, y);
  y += 16;
  doc.setFontSize(10.5);
  const goals = doc.splitTextToSize(progetto.obiettivi.trim() || '—', width) as string[];
  for (const line of goals) {
    if (y > doc.internal.pageSize.getHeight() - MARGIN) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(line, MARGIN, y);
    y += 14;
  }
  y += 10;
  doc.setFontSize(12);
  doc.text('Attività previste a settimana', MARGIN, y);
  autoTable(doc, {
    startY: y + 8,
    margin: { left: MARGIN, right: MARGIN },
    head: [['Tipo di attività', 'Sedute a settimana', 'Minuti a seduta']],
    body: progetto.righe.map((r, i) => [sheet.typeNames[i] ?? '', String(r.sedute), String(r.minuti)]),
    theme: 'grid',
    styles: { fontSize: 10, cellPadding: 4, lineColor: 160, lineWidth: 0.4 },
    headStyles: { fillColor: [33, 37, 41], textColor: 255, fontStyle: 'bold' },
    columnStyles: { 1: { halign: 'center', cellWidth: 110 }, 2: { halign: 'center', cellWidth: 100 } },
  });
  y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 60;
  if (y > doc.internal.pageSize.getHeight() - 120) {
    doc.addPage();
    y = MARGIN + 40;
  }
  // Two signature lines side by side: the coordinator's and the family's.
  const half = (width - 40) / 2;
  doc.setFontSize(10);
  doc.line(MARGIN, y, MARGIN + half, y);
  doc.line(MARGIN + half + 40, y, MARGIN + width, y);
  doc.text('Firma del coordinatore', MARGIN, y + 14);
  doc.text("Firma dell'utente o della famiglia", MARGIN + half + 40, y + 14);
  doc.text('Data: ____________', MARGIN, y + 40);
  doc.save(fileName);
}
