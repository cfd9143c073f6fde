import { describe, expect, it } from 'vitest';
import { hoursAtCentre, type PlanProgetto } from './plan-conflicts.ts';

const MON = '2026-11-23';
const progetto: PlanProgetto = { dal: '2026-09-01', al: null, frequenza: [{ giorno: 1, dalle: '09:00', alle: '16:00' }], tipi: [3] };
const run = (Ora: string, OraArrivo: string) => ({ Ora, OraArrivo });
const hhmm = (h: ReturnType<typeof hoursAtCentre>) =>
  h && [h.from, h.to].map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);

describe("an utente's hours at the centre", () => {
  it('are his frequenza of the weekday, none on a weekday he does not attend', () => {
    expect(hhmm(hoursAtCentre(progetto, MON))).toEqual(['09:00', '16:00']);
    expect(hoursAtCentre(progetto, MON)?.pulmino).toBe(false);
    expect(hoursAtCentre(progetto, '2026-11-24')).toBeNull();
  });

  it("run from his andata's arrival to his ritorno's departure when he travels by minibus", () => {
    const both = hoursAtCentre(progetto, MON, [run('15:30', '16:15'), run('08:15', '09:10')]);
    expect(hhmm(both)).toEqual(['09:10', '15:30']);
    expect(both?.pulmino).toBe(true);
  });

  it('keep the frequenza at the end he does not travel: only an andata, or only a ritorno', () => {
    expect(hhmm(hoursAtCentre(progetto, MON, [run('08:30', '09:20')]))).toEqual(['09:20', '16:00']);
    expect(hhmm(hoursAtCentre(progetto, MON, [run('14:45', '15:30')]))).toEqual(['09:00', '14:45']);
  });

  it('take his first andata and his last ritorno when he is on more runs', () => {
    const runs = [run('08:00', '08:40'), run('08:50', '09:30'), run('13:00', '13:30'), run('15:30', '16:00')];
    expect(hhmm(hoursAtCentre(progetto, MON, runs))).toEqual(['08:40', '15:30']);
  });
});
