/** The centre's settings on the wire (docs/api.md, Agenda, impostazioni e calendario esterno): read by anyone signed in, written by administrators. */
import type { z } from 'zod';
import { IMPOSTAZIONI_MSG, type CentreSettingsAnswer, type settingsBody } from '../../../common/impostazioni.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { User } from '../../../common/schemas.ts';
import { appendAudit } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';
import { readCentreSettings, writeCentreSettings, type CentreSettings } from '../../db/settings.ts';

const toWire = (s: CentreSettings): CentreSettingsAnswer => ({
  nomecentro: s.centreName,
  sabato: s.saturday,
  iniziali: s.icalInitials,
  patrono: s.patron,
  formatoCarta: s.paperFormat,
  apertura: s.opening,
  chiusura: s.closing,
});

export async function readSettings(db: Db): Promise<CentreSettingsAnswer> {
  return toWire(await readCentreSettings(db));
}

export async function changeSettings(db: Db, by: User, input: z.output<typeof settingsBody>): Promise<CentreSettingsAnswer> {
  return db.transaction(async (tx) => {
    const current = await readCentreSettings(tx);
    const before = toWire(current);
    // Issue 31: one of the opening hours alone is checked against the other as stored.
    if ((input.chiusura ?? current.closing) <= (input.apertura ?? current.opening)) {
      throw badRequest(IMPOSTAZIONI_MSG.chiusuraBeforeApertura, [input.chiusura === undefined ? 'apertura' : 'chiusura']);
    }
    const after = toWire(
      await writeCentreSettings(tx, {
        ...(input.nomecentro === undefined ? {} : { centreName: input.nomecentro }),
        ...(input.sabato === undefined ? {} : { saturday: input.sabato }),
        ...(input.iniziali === undefined ? {} : { icalInitials: input.iniziali }),
        ...(input.patrono === undefined ? {} : { patron: input.patrono }),
        ...(input.formatoCarta === undefined ? {} : { paperFormat: input.formatoCarta }),
        ...(input.apertura === undefined ? {} : { opening: input.apertura }),
        ...(input.chiusura === undefined ? {} : { closing: input.chiusura }),
      }),
    );
    await appendAudit(tx, by, { action: 'impostazioni.modifica', entity: 'impostazioni', entityId: 1, before, after });
    return after;
  });
}
