import { describe, expect, it } from 'vitest';
import type { AccessRow } from '../../../common/audit.ts';
import { auditRow, ROW_AT as at } from './test-rows.ts';
import { accessCsvName, auditCsvName, buildAccessCsv, buildAuditCsv } from './registro-csv.ts';

const row = auditRow;

describe('buildAuditCsv', () => {
  it('writes ; separated rows with the BOM, CRLF, dd/mm/yyyy HH:mm and the Italian sentence', () => {
    const csv = buildAuditCsv([
      row({}),
      row({ ID: 816, azione: 'accesso.fallito', giorno: null, frase: 'Accesso non riuscito con lo username «=1+1;x»' }),
    ]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'N.;Quando;Account;Azione;Giorno;Descrizione',
      '815;23/11/2026 09:05;direttrice;Utente aggiunto a un’attività;23/11/2026;Mario Rossi aggiunto a Musicoterapia, lun 23-11-2026 09:00',
      '816;23/11/2026 09:05;direttrice;Accesso non riuscito;;"Accesso non riuscito con lo username «=1+1;x»"',
      '',
    ]);
  });

  it('neutralises a username that starts like a formula', () => {
    expect(buildAuditCsv([row({ utente: '=HYPERLINK("x")' })]).split('\r\n')[1]).toContain(`;"'=HYPERLINK(""x"")";`);
  });

  it('names the files by period, never by a person', () => {
    expect(auditCsvName('2026-10-25', '2026-11-23')).toBe('registro_modifiche_2026-10-25_2026-11-23.csv');
    expect(accessCsvName(4, '2026-10-25', '2026-11-23')).toBe('accessi_utente_4_2026-10-25_2026-11-23.csv');
  });
});

describe('buildAccessCsv', () => {
  it('says the kind of read and why it counts, in Italian', () => {
    const rows: AccessRow[] = [
      {
        ID: 1,
        quando: at,
        utente: 'educatore',
        tipo: 'giornata',
        giorno: '2026-11-23',
        giornoFine: null,
        motivo: 'giornata',
        conteggio: 1,
        ultima: null,
        segnalata: false,
      },
      {
        ID: 2,
        quando: at,
        utente: 'direttrice',
        tipo: 'settimana',
        giorno: '2026-11-23',
        giornoFine: '2026-11-27',
        motivo: 'diretto',
        conteggio: 1,
        ultima: null,
        segnalata: false,
      },
      {
        ID: 3,
        quando: at,
        utente: 'curioso',
        tipo: 'giornata',
        giorno: '2026-11-23',
        giornoFine: null,
        motivo: 'giornata',
        conteggio: 12,
        ultima: new Date(2026, 10, 23, 9, 12).toISOString(),
        segnalata: true,
      },
    ];
    expect(buildAccessCsv(rows).slice(1).split('\r\n')).toEqual([
      'Quando;Account;Tipo;Giorno o periodo;Motivo',
      '23/11/2026 09:05;educatore;Giornata del calendario;23/11/2026;nel piano del giorno',
      '23/11/2026 09:05;direttrice;Settimana (calendario o stampa);dal 23/11/2026 al 27/11/2026;diretto',
      '12 letture, 23/11/2026 09:05–09:12;curioso (segnalato come abuso);Giornata del calendario;23/11/2026;nel piano del giorno',
      '',
    ]);
  });
});
