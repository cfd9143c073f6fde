import { DateField } from '../../../components/date-field.tsx';

interface Props {
  idPrefix: string;
  dal: string;
  al: string;
  /** The period's refusal (al before dal, over 366 days), shown under it. */
  error?: string;
  onChange: (dal: string, al: string) => void;
}

/** Dal … Al …: the period a tab reads. The refusal itself is shown under the fields (its id: `<idPrefix>-period-error`). */
export function PeriodFields({ idPrefix, dal, al, error, onChange }: Props) {
  return (
    <>
      <DateField
        id={`${idPrefix}-dal`}
        label="Dal"
        value={dal}
        size="sm"
        required
        className="registro-field"
        labelClassName="mb-1"
        onChange={(d) => d && onChange(d, al)}
      />
      <DateField
        id={`${idPrefix}-al`}
        label="Al"
        value={al}
        size="sm"
        required
        className="registro-field"
        labelClassName="mb-1"
        invalid={!!error}
        describedBy={error ? `${idPrefix}-period-error` : undefined}
        onChange={(d) => d && onChange(dal, d)}
      />
    </>
  );
}
