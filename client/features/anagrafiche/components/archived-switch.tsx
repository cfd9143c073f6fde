import Form from 'react-bootstrap/Form';

/** The switch between the active list and the archived one. */
export function ArchivedSwitch({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Form.Check
      type="switch"
      id={id}
      label="Mostra archiviati"
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      className="mb-0 text-nowrap"
    />
  );
}
