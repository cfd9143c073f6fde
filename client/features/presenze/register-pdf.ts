/**
 * The monthly register as a vector PDF (real, selectable text), A4 landscape: the centre's name, the month,
 * the grid with its totals (as many pages as it needs, the header repeated), the legend, then one row per
 * patient with the totals and a signature line. jspdf is imported here on demand, so it is fetched only
 * when someone presses Esporta PDF.
 */
import type { MonthRegister, RegisterDay } from '../../../common/presenze.ts';
import { weekdayInitial } from './month.ts';
import { monthName } from '../../lib/months.ts';
import { formatDate, isWeekend } from '../../../common/dates.ts';
import { cellText, legendText, patientName, TOTAL_HEADERS, totalValues } from './register-cells.ts';

/** The centre as the app names itself (index.html, the bar): there is no configured name yet. */
export const CENTRE_NAME = 'Giornata — centro diurno';
const MARGIN_PT = 28;
const SHADE: [number, number, number] = [225, 228, 232];

/** Saturdays, Sundays, public holidays and the centre's closing days: nobody is expected, so no one is counted absent. */
const isDayOff = (g: RegisterDay) => !!(g.festivo || g.chiusura || isWeekend(g.data));

export const registerPdfName = (month: string) => `presenze_${month}.pdf`;
export const registerTitle = (month: string) => `Registro presenze — ${monthName(month)}`;

export async function saveRegisterPdf(register: MonthRegister): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4', compress: true });
  const title = registerTitle(register.mese);
  doc.setProperties({ title: `${title} · ${CENTRE_NAME}`, creator: 'Giornata' });
  doc.setFontSize(15);
  doc.text(CENTRE_NAME, MARGIN_PT, MARGIN_PT + 12);
  doc.setFontSize(12);
  doc.text(title, MARGIN_PT, MARGIN_PT + 30);
  doc.setFontSize(9);
  if (register.chiuso)
    doc.text(`Mese chiuso da ${register.chiuso.da} il ${formatDate(register.chiuso.il.slice(0, 10))}`, MARGIN_PT, MARGIN_PT + 44);

  const days = register.giorni;
  const shaded = new Set(days.flatMap((g, i) => (isDayOff(g) ? [i + 1] : [])));
  const dayCount = (g: RegisterDay, n: number) => (isDayOff(g) ? '' : String(n));
  const margin = { top: MARGIN_PT, right: MARGIN_PT, bottom: MARGIN_PT, left: MARGIN_PT };
  autoTable(doc, {
    startY: MARGIN_PT + 54,
    margin,
    head: [['Utente', ...days.map((g) => `${Number(g.data.slice(8))}\n${weekdayInitial(g.data)}`), 'P', 'A', 'Giust.', 'N.g.']],
    body: register.pazienti.map((p) => [
      patientName(p) + (p.assenzaLunga ? ' (30+ gg)' : ''),
      ...days.map((g) => cellText(p.giorni[g.data])),
      ...totalValues(p.totali).slice(0, 4),
    ]),
    foot: [
      ['Presenti', ...days.map((g) => dayCount(g, g.presenti)), String(register.totali.presenti), '', '', ''],
      [
        'Assenti',
        ...days.map((g) => dayCount(g, g.assenti)),
        '',
        String(register.totali.assenti),
        String(register.totali.giustificate),
        String(register.totali.ingiustificate),
      ],
    ],
    theme: 'grid',
    styles: { fontSize: 6.5, cellPadding: 1.5, halign: 'center', valign: 'middle', overflow: 'linebreak', lineColor: 160, lineWidth: 0.4 },
    headStyles: { fillColor: [33, 37, 41], textColor: 255, fontStyle: 'bold' },
    footStyles: { fillColor: [240, 240, 240], textColor: 20, fontStyle: 'bold' },
    columnStyles: { 0: { halign: 'left', cellWidth: 110 } },
    didParseCell: (data) => {
      if (data.section !== 'head' && shaded.has(data.column.index)) data.cell.styles.fillColor = SHADE;
      if (data.column.index === 0) data.cell.styles.halign = 'left';
    },
  });

  const afterGrid = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY;
  doc.setFontSize(7.5);
  doc.text(`Legenda: ${legendText()}. Giorni in grigio: sabati, domeniche, festività e chiusure del centro.`, MARGIN_PT, afterGrid + 12, {
    maxWidth: doc.internal.pageSize.getWidth() - 2 * MARGIN_PT,
  });

  // The totals and the signatures on pages of their own: the page a family signs.
  doc.addPage();
  doc.setFontSize(12);
  doc.text(`Totali e firme — ${monthName(register.mese)}`, MARGIN_PT, MARGIN_PT + 12);
  autoTable(doc, {
    startY: MARGIN_PT + 24,
    margin,
    head: [['Utente', ...TOTAL_HEADERS, 'Firma']],
    body: register.pazienti.map((p) => [patientName(p), ...totalValues(p.totali).map(String), 'Firma: ______________________']),
    theme: 'grid',
    styles: {
      fontSize: 8,
      cellPadding: { top: 7, bottom: 7, left: 3, right: 3 },
      halign: 'center',
      valign: 'bottom',
      lineColor: 160,
      lineWidth: 0.4,
    },
    headStyles: { fillColor: [33, 37, 41], textColor: 255, fontStyle: 'bold', valign: 'middle' },
    columnStyles: { 0: { halign: 'left', cellWidth: 130 }, [TOTAL_HEADERS.length + 1]: { halign: 'left', cellWidth: 170 } },
    rowPageBreak: 'avoid',
  });
  const pages = doc.getNumberOfPages();
  doc.setFontSize(7.5);
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    const footer = `${CENTRE_NAME} · ${title} · pagina ${page} di ${pages}`;
    doc.text(footer, doc.internal.pageSize.getWidth() - MARGIN_PT, doc.internal.pageSize.getHeight() - 12, { align: 'right' });
  }
  doc.save(registerPdfName(register.mese));
}
