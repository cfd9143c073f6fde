/**
 * A person's week as a vector PDF (real, selectable text) for families and therapists
 * (docs/product.md, Stampa settimanale): A4 portrait, large type, the centre's name, per day the
 * times, the activity and the room or run; a person absent that day is followed by "(assente: malattia)" (an operatore in a patient's PDF by "(assente)"), a slot of a
 * day the person is absent starts with "Assente: malattia". A patient's PDF names no other patient: the server's
 * agenda of a patient carries none, and this file prints only `operatori` for it.
 * jspdf is imported here on demand, so it is fetched only when someone asks for the PDF.
 */
import { absentNote } from '../../../common/presenze.ts';
import { kindWord } from '../../../common/words.ts';
import type { AgendaKind, AgendaEntry, AgendaPerson } from './api/get-agenda.ts';
import { entryPlace, entryTitle, fullName, type AgendaDay } from './agenda-days.ts';

const MARGIN_PT = 40;

export const agendaPdfName = (tipo: AgendaKind, id: number, monday: string) => `agenda_${kindWord(tipo)}_${id}_${monday}.pdf`;

interface AgendaPdf {
  tipo: AgendaKind;
  centre: string;
  person: string;
  week: string;
  days: AgendaDay[];
}

/**
 * "Lucia Bianchi (assente: malattia)": on paper the words say who is absent that day. A patient's PDF goes to the
 * family: there an operatore is only "(assente)", the reason of a colleague's absence is not theirs to read
 * (docs/decisions/0030-absences-in-agenda-and-feed.md).
 */
const names = (people: AgendaPerson[], withReason: boolean) =>
  people.map((p) => (p.assente && p.motivo ? `${fullName(p)} (${withReason ? absentNote(p.motivo) : 'assente'})` : fullName(p))).join(', ');

/** The slot's first line: its title, and above it "Assente: malattia" on a day the agenda's own person is absent. */
const titleOf = (entry: AgendaEntry) =>
  entry.assente && entry.motivo ? `A${absentNote(entry.motivo).slice(1)}\n${entryTitle(entry)}` : entryTitle(entry);

function withWhom(tipo: AgendaKind, entry: AgendaEntry): string {
  const parts = [];
  if (entry.operatori.length > 0) parts.push(`Con: ${names(entry.operatori, tipo === 'terapista')}`);
  if (tipo === 'terapista' && entry.utenti.length > 0) parts.push(`Utenti: ${names(entry.utenti, true)}`);
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
          return [`${entry.inizio}–${entry.fine}`, `${titleOf(entry)}${who ? `\n${who}` : ''}`, entryPlace(entry)];
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
