/** The centre's settings on the wire (docs/api.md, Agenda, impostazioni e calendario esterno): read by anyone signed in, written by administrators. */
import type { z } from 'zod';
import type { CentreSettingsWire, settingsBody } from '../../../common/impostazioni.ts';
import type { User } from '../../../common/schemas.ts';
import type { Regione, TipoStrutturaSism } from '../../../common/flussi.ts';
import { appendAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { readCentreSettings, writeCentreSettings, type CentreSettings } from '../../db/settings.ts';

const toWire = (s: CentreSettings): CentreSettingsWire => ({
  nomecentro: s.centreName,
  sabato: s.saturday,
  iniziali: s.icalInitials,
  patrono: s.patron,
  formatoCarta: s.paperFormat,
  // Issue 32: the centre's codes, each only once set.
  ...(s.regione === null ? {} : { regione: s.regione as Regione }),
  ...(s.asl === null ? {} : { asl: s.asl }),
  ...(s.struttura === null ? {} : { struttura: s.struttura }),
  ...(s.dsm === null ? {} : { dsm: s.dsm }),
  ...(s.tipoStrutturaSism === null ? {} : { tipoStrutturaSism: s.tipoStrutturaSism as TipoStrutturaSism }),
});

export async function readSettings(db: Db): Promise<CentreSettingsWire> {
  return toWire(await readCentreSettings(db));
}

export async function changeSettings(db: Db, by: User, input: z.output<typeof settingsBody>): Promise<CentreSettingsWire> {
  return db.transaction(async (tx) => {
    const before = toWire(await readCentreSettings(tx));
    const after = toWire(
      await writeCentreSettings(tx, {
        ...(input.nomecentro === undefined ? {} : { centreName: input.nomecentro }),
        ...(input.sabato === undefined ? {} : { saturday: input.sabato }),
        ...(input.iniziali === undefined ? {} : { icalInitials: input.iniziali }),
        ...(input.patrono === undefined ? {} : { patron: input.patrono }),
        ...(input.formatoCarta === undefined ? {} : { paperFormat: input.formatoCarta }),
        ...(input.regione === undefined ? {} : { regione: input.regione }),
        ...(input.asl === undefined ? {} : { asl: input.asl }),
        ...(input.struttura === undefined ? {} : { struttura: input.struttura }),
        ...(input.dsm === undefined ? {} : { dsm: input.dsm }),
        ...(input.tipoStrutturaSism === undefined ? {} : { tipoStrutturaSism: input.tipoStrutturaSism }),
      }),
    );
    await appendAudit(tx, by, { action: 'impostazioni.modifica', entity: 'impostazioni', entityId: 1, before, after });
    return after;
  });
}
