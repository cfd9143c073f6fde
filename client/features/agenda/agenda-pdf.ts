/**
 * A person's week as a vector PDF (real, selectable text) for families and therapists
 * (docs/product.md, Stampa settimanale): A4 portrait, large type, the centre's name, per day the
 * times, the activity and the room or run. A patient's PDF names no other patient: the server's
 * agenda of a patient carries none, and this file prints only `operatori` for it.
 * jspdf is imported here on demand, so it is fetched only when someone asks for the PDF.
 */
import type { AgendaKind, AgendaEntry } from './api/get-agenda.ts';
import { entryPlace, entryTitle, fullName, type AgendaDay } from './agenda-days.ts';

const MARGIN_PT = 40;

export const agendaPdfName = (tipo: AgendaKind, id: number, monday: string) =>
  `agenda_${tipo === 'paziente' ? 'utente' : 'operatore'}_${id}_${monday}.pdf`;

interface AgendaPdf {
  tipo: AgendaKind;
  centre: string;
  person: string;
  week: string;
  days: AgendaDay[];
}

const names = (people: { nome: string; cognome: string }[]) => people.map(fullName).join(', ');

function withWhom(tipo: AgendaKind, entry: AgendaEntry): string {
  const parts = [];
  if (entry.operatori.length > 0) parts.push(`Con: ${names(entry.operatori)}`);
  if (tipo === 'terapista' && entry.utenti.length > 0) parts.push(`Utenti: ${names(entry.utenti)}`);
  return parts.join('\n');
}

export async function saveAgendaPdf({ tipo, centre, person, week, days }: AgendaPdf, fileName: string): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'portrait', unit: 'pt', format: 'a4' });
  doc.setProperties({ title: `Agenda di ${person} – ${week}`, creator: 'Giornata' });
  doc.setFontSize(14);
  doc.text(centre, MARGIN_PT, MARGIN_PT + 4);
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(20);
  doc.text(`Agenda di ${person}`, MARGIN_PT, MARGIN_PT + 30);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(14);
  doc.text(week, MARGIN_PT, MARGIN_PT + 52);
  const body = days.flatMap((day) => [
    [{ content: day.label, colSpan: 3, styles: { fontStyle: 'bold' as const, fillColor: [233, 236, 239] as [number, number, number] } }],
    ...(day.entries.length === 0
      ? [[{ content: 'Nessuna attività', colSpan: 3, styles: { textColor: [90, 90, 90] as [number, number, number] } }]]
      : day.entries.map((entry) => {
          const who = withWhom(tipo, entry);
          return [`${entry.inizio}–${entry.fine}`, `${entryTitle(entry)}${who ? `\n${who}` : ''}`, entryPlace(entry)];
        })),
  ]);
  autoTable(doc, {
    startY: MARGIN_PT + 68,
    margin: { top: MARGIN_PT, right: MARGIN_PT, bottom: MARGIN_PT, left: MARGIN_PT },
    head: [['Ora', 'Attività', 'Dove']],
    body,
    theme: 'grid',
    styles: { fontSize: 13, cellPadding: 6, valign: 'top', overflow: 'linebreak' },
    headStyles: { fillColor: [33, 37, 41], textColor: 255, fontStyle: 'bold' },
    columnStyles: { 0: { cellWidth: 100 }, 2: { cellWidth: 150 } },
  });
  doc.save(fileName);
}
