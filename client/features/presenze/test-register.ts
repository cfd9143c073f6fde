import { emptyTotals, type MonthRegister, type RegisterTotals } from '../../../common/presenze.ts';

/** A register's totals: none but those given. */
export const totals = (over: Partial<RegisterTotals> = {}): RegisterTotals => ({ ...emptyTotals(), ...over });

/** An utente's register row present on `present` and ill, not justified, on `ill`: its days and its totals. */
export const presentThenIll = (present: string, ill: string): Pick<MonthRegister['pazienti'][number], 'giorni' | 'totali'> => ({
  giorni: { [present]: { stato: 'P' }, [ill]: { stato: 'A', motivo: 'malattia', giustificata: false } },
  totali: totals({ presenti: 1, assenti: 1, ingiustificate: 1, perMotivo: { ...emptyTotals().perMotivo, malattia: 1 } }),
});
