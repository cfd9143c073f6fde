import Form from 'react-bootstrap/Form';
import { MODELLI_MSG } from '../../../../common/modelli.ts';
import type { Esistenti } from '../api/modelli.ts';

/** Days that already hold activities: skipped (the default) or emptied and written again. */
export function EsistentiChoice({ name, value, onChange }: { name: string; value: Esistenti; onChange: (value: Esistenti) => void }) {
  return (
    <fieldset>
      <legend className="form-label fs-6">Giorni già pianificati</legend>
      <Form.Check
        type="radio"
        id={`${name}-salta`}
        name={name}
        label="Salta"
        checked={value === 'salta'}
        onChange={() => onChange('salta')}
      />
      <Form.Check
        type="radio"
        id={`${name}-sostituisci`}
        name={name}
        label="Sostituisci"
        checked={value === 'sostituisci'}
        onChange={() => onChange('sostituisci')}
      />
      <Form.Text muted>{value === 'salta' ? MODELLI_MSG.skipHint : MODELLI_MSG.replaceHint}</Form.Text>
    </fieldset>
  );
}
