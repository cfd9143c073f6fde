import { PeriodFields } from '../../../components/period-fields.tsx';
import type { RegistroState } from '../registro-state.ts';

interface Props {
  idPrefix: string;
  state: Pick<RegistroState, 'dal' | 'al'>;
  error?: string;
  onChange: (changes: Pick<RegistroState, 'dal' | 'al'>) => void;
}

/** Dal … Al … among a registro tab's filters, labels above the fields. */
export function RegistroPeriod({ idPrefix, state, error, onChange }: Props) {
  return (
    <PeriodFields
      idPrefix={idPrefix}
      dal={state.dal}
      al={state.al}
      error={error}
      onChange={(dal, al) => onChange({ dal, al })}
      className="registro-field"
      labelClassName="mb-1"
    />
  );
}
