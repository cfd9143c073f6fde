/**
 * The files of the flows, as the Ministry's engines read them (server/features/flussi/fixtures, docs/decisions/0041):
 * SIAR_OREPROF's XML (FlsSiar3.xsd) and its `~` CSV (the template's header, byte for byte), PSS's `~` CSV (the header
 * of the engine's test file) and its XML (PSS.xsd); and the ASL's account as the other exports write a CSV (`;`, BOM,
 * CRLF, dd/mm/yyyy, every text neutralised against formulas).
 */
import { formatDate } from '../../../common/dates.ts';
import { PSS_CSV_HEADER, SIAR_CATEGORIE, SIAR_CSV_HEADER, type AslAccount } from '../../../common/flussi.ts';
import type { Profilo } from '../../../common/progetti.ts';
import type { CentreSettings } from '../../db/settings.ts';
import type { PssRow } from './compute.ts';

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

// ---- The ASL's account (CSV for Excel) ----

const neutralise = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const csvField = (value: string | number) => {
  const text = typeof value === 'number' ? String(value) : neutralise(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const decimal = (n: number) => String(n).replace('.', ',');

export function aslCsv(account: AslAccount, centreName: string): string {
  const rows: (string | number)[][] = [
    [
      'ASL',
      'Utente',
      'Codice fiscale',
      'Giorni di presenza',
      'di cui oltre 4 ore',
      'Ore',
      'Assenze giustificate',
      'Assenze non giustificate',
      'Date di presenza',
      'Centro',
    ],
  ];
  for (const group of account.asl) {
    for (const u of group.utenti) {
      rows.push([
        group.asl,
        u.nome,
        u.CodiceFiscale,
        u.giorni,
        u.giorniOltre4Ore,
        decimal(u.ore),
        u.assenzeGiustificate,
        u.assenzeNonGiustificate,
        u.date.map(formatDate).join(', '),
        centreName,
      ]);
    }
    const t = group.totali;
    rows.push([
      group.asl,
      `Totale ASL ${group.asl}`,
      '',
      t.giorni,
      t.giorniOltre4Ore,
      decimal(t.ore),
      t.assenzeGiustificate,
      t.assenzeNonGiustificate,
      '',
      centreName,
    ]);
  }
  return '\uFEFF' + rows.map((r) => r.map(csvField).join(';')).join('\r\n') + '\r\n';
}

// ---- SIAR_OREPROF ----

export interface SiarFile {
  anno: number;
  tipo: 'I' | 'V' | 'C';
  settings: CentreSettings;
  ore: Map<Profilo, number>;
}

export function siarXml({ anno, tipo, settings, ore }: SiarFile): string {
  const elements = SIAR_CATEGORIE.map(([profile, element]) => `\t\t\t\t<${element}>${ore.get(profile) ?? 0}</${element}>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<FlsSiar_3 xmlns="http://flussi.mds.it/FlsSiar_3">
\t<Assistenza>
\t\t<Trasmissione tipo="${tipo}"/>
\t\t<Erogatore>
\t\t\t<CodiceRegione>${xml(settings.regione ?? '')}</CodiceRegione>
\t\t\t<CodiceASL>${xml(settings.asl ?? '')}</CodiceASL>
\t\t\t<StrutturaErogatrice>${xml(settings.struttura ?? '')}</StrutturaErogatrice>
\t\t</Erogatore>
\t\t<Erogazione>
\t\t\t<AnnoErogazione>${anno}</AnnoErogazione>
\t\t\t<OreErogate>
${elements}
\t\t\t</OreErogate>
\t\t</Erogazione>
\t</Assistenza>
</FlsSiar_3>
`;
}

/** The engine's input CSV: the template's header line, then the one record, `~` separated, LF as the template. */
export function siarCsv({ anno, tipo, settings, ore }: SiarFile): string {
  const line = [
    tipo,
    anno,
    settings.regione ?? '',
    settings.asl ?? '',
    settings.struttura ?? '',
    ...SIAR_CATEGORIE.map(([p]) => ore.get(p) ?? 0),
  ];
  return `${SIAR_CSV_HEADER}\n${line.join('~')}\n`;
}

// ---- SISM PSS ----

export interface PssFile {
  anno: number;
  semestre: 1 | 2;
  settings: CentreSettings;
  rows: PssRow[];
}

export function pssCsv({ anno, semestre, settings, rows }: PssFile): string {
  const lines = rows.map((r) =>
    [
      anno,
      `S${semestre}`,
      settings.regione ?? '',
      r.patient.aslResidenza ?? '',
      settings.dsm ?? '',
      r.patient.idRegionale ?? '',
      settings.struttura ?? '',
      r.patient.idContatto ?? '',
      settings.tipoStrutturaSism ?? '',
      r.day,
      r.modalita,
      'I',
    ].join('~'),
  );
  return [PSS_CSV_HEADER, ...lines].join('\n') + '\n';
}

/** Groups in order of first appearance (the rows come sorted by ASL, utente and day). */
function groupBy<T>(items: T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return [...groups];
}

export function pssXml({ anno, semestre, settings, rows }: PssFile): string {
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<SemiResidenzialePrestazioniSanitarie>',
    `  <AnnoRiferimento>${anno}</AnnoRiferimento>`,
    `  <PeriodoRiferimento>S${semestre}</PeriodoRiferimento>`,
    `  <CodiceRegione>${xml(settings.regione ?? '')}</CodiceRegione>`,
  ];
  for (const [asl, ofAsl] of groupBy(rows, (r) => r.patient.aslResidenza ?? '')) {
    out.push('  <AziendaSanitariaRiferimento>', `    <CodiceAziendaSanitariaRiferimento>${xml(asl)}</CodiceAziendaSanitariaRiferimento>`);
    out.push('    <DSM>', `      <CodiceDSM>${xml(settings.dsm ?? '')}</CodiceDSM>`);
    for (const [idRec, ofPatient] of groupBy(ofAsl, (r) => r.patient.idRegionale ?? '')) {
      out.push('      <Assistito>', `        <Id_Rec>${xml(idRec)}</Id_Rec>`);
      out.push('        <Struttura>', `          <CodiceStruttura>${xml(settings.struttura ?? '')}</CodiceStruttura>`);
      for (const [contatto, ofContact] of groupBy(ofPatient, (r) => r.patient.idContatto ?? '')) {
        out.push('          <Contatto>', `            <IDContatto>${xml(contatto)}</IDContatto>`);
        for (const r of ofContact) {
          out.push(
            '            <Prestazioni>',
            `              <TipoStrutturaSemiresidenziale>${xml(settings.tipoStrutturaSism ?? '')}</TipoStrutturaSemiresidenziale>`,
            `              <DataIntervento>${r.day}</DataIntervento>`,
            `              <ModalitaPresenza>${r.modalita}</ModalitaPresenza>`,
            '              <TipoOperazione>I</TipoOperazione>',
            '            </Prestazioni>',
          );
        }
        out.push('          </Contatto>');
      }
      out.push('        </Struttura>', '      </Assistito>');
    }
    out.push('    </DSM>', '  </AziendaSanitariaRiferimento>');
  }
  out.push('</SemiResidenzialePrestazioniSanitarie>');
  return out.join('\n') + '\n';
}
