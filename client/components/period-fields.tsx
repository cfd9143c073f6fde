import { DateField } from './date-field.tsx';

interface Props {
  idPrefix: string;
  dal: string;
  al: string;
  /** The period's refusal (al before dal, too long), shown under it. */
  error?: string;
  onChange: (dal: string, al: string) => void;
  /** Each field's wrapper and label: the registro's filters stack them, the presenze toolbar keeps them in a row. */
  className: string;
  labelClassName: string;
}

/**
 * Dal … Al …: the period a tab reads. The refusal itself is shown under the fields by the tab,
 * with the id `<idPrefix>-period-error` that Al is described by.
 */
export function PeriodFields({ idPrefix, dal, al, error, onChange, className, labelClassName }: Props) {
  const ends = [
    { key: 'dal', label: 'Dal', value: dal, change: (d: string) => onChange(d, al) },
    { key: 'al', label: 'Al', value: al, change: (d: string) => onChange(dal, d) },
  ];
  return (
    <>
      {ends.map((end) => (
        <DateField
          key={end.key}
          id={`${idPrefix}-${end.key}`}
          label={end.label}
          value={end.value}
          size="sm"
          required
          className={className}
          labelClassName={labelClassName}
          invalid={end.key === 'al' && !!error}
          describedBy={end.key === 'al' && error ? `${idPrefix}-period-error` : undefined}
          onChange={(d) => d && end.change(d)}
        />
      ))}
    </>
  );
}
