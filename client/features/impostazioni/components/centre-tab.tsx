import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { IMPOSTAZIONI_MSG, settingsBody } from '../../../../common/impostazioni.ts';
import { TextField } from '../../../components/text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { checkForm } from '../../../lib/form-check.ts';
import { useSaveSettings, useSettings, type CentreSettings } from '../api/settings.ts';
import { withToasts } from '../../../lib/toasts.ts';

/** Centro (a tab of Anagrafiche): the centre's name (on the agenda's PDF), Saturday in the week, patients' initials in the calendar feed. */
export function CentreTab() {
  const settings = useSettings();
  if (settings.isPending) return <Spinner role="status" aria-label="Caricamento delle impostazioni" />;
  if (settings.isError) return <Alert variant="danger">{errorMessage(settings.error)}</Alert>;
  return <CentreForm saved={settings.data} />;
}

function CentreForm({ saved }: { saved: CentreSettings }) {
  const [values, setValues] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveSettings();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkForm(settingsBody, values);
    if ('errors' in checked) {
      setError(checked.errors.nomecentro ?? checked.errors.form);
      return;
    }
    setError(undefined);
    void withToasts(save.mutateAsync(checked.data), { success: IMPOSTAZIONI_MSG.settingsSaved });
  };

  return (
    <Form noValidate onSubmit={submit} className="centre-form" style={{ maxWidth: '36rem' }}>
      <TextField
        id="centre-name"
        label="Nome del centro"
        value={values.nomecentro}
        onChange={(nomecentro) => setValues({ ...values, nomecentro })}
        error={error}
        hint="Compare in cima all’agenda settimanale stampata per le famiglie."
        maxLength={100}
      />
      <Form.Check
        type="switch"
        id="centre-saturday"
        className="mb-2"
        label="Settimana con il sabato"
        checked={values.sabato}
        onChange={(e) => setValues({ ...values, sabato: e.target.checked })}
      />
      <Form.Check
        type="switch"
        id="centre-initials"
        className="mb-1"
        label="Iniziali degli utenti nel calendario sul telefono"
        checked={values.iniziali}
        onChange={(e) => setValues({ ...values, iniziali: e.target.checked })}
        aria-describedby="centre-initials-hint"
      />
      <Form.Text id="centre-initials-hint" muted className="d-block mb-3">
        Spento: il calendario sul telefono dei terapisti dice solo quanti sono (3 utenti). Acceso: le iniziali (M. R.). Mai i nomi completi:
        il calendario del telefono finisce sui server di Google o Apple.
      </Form.Text>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        Salva
      </Button>
    </Form>
  );
}
