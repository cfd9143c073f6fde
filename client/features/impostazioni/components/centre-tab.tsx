import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { MONTHS_IT } from '../../../../common/dates.ts';
import {
  DEFAULT_APERTURA,
  DEFAULT_CHIUSURA,
  IMPOSTAZIONI_MSG,
  PAPER_FORMATS,
  settingsBody,
  type PaperFormat,
} from '../../../../common/impostazioni.ts';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { TimeField } from '../../../components/time-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';
import { CentreCodesFields } from './centre-codes-fields.tsx';
import { useSaveSettings, useSettings, type CentreSettings } from '../api/settings.ts';
import { withToasts } from '../../../lib/toasts.ts';

/**
 * Centro (a tab of Anagrafiche): the centre's name (on the agenda's PDF), Saturday in the week, patients' initials in
 * the calendar feed, the patron saint's day, the paper of the printed day and week, the opening hours (the
 * Pianificatore plans activities only between them).
 */
export function CentreTab() {
  const settings = useSettings();
  if (settings.isPending) return <Spinner role="status" aria-label="Caricamento delle impostazioni" />;
  if (settings.isError) return <Alert variant="danger">{errorMessage(settings.error)}</Alert>;
  return <CentreForm saved={settings.data} />;
}

function CentreForm({ saved }: { saved: CentreSettings }) {
  const [values, setValues] = useState({
    ...saved,
    apertura: saved.apertura ?? DEFAULT_APERTURA,
    chiusura: saved.chiusura ?? DEFAULT_CHIUSURA,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveSettings();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = checkForm(settingsBody, values);
    if ('errors' in checked) {
      setErrors({ ...checked.errors, nomecentro: checked.errors.nomecentro ?? checked.errors.form });
      return;
    }
    setErrors({});
    void withToasts(save.mutateAsync(checked.data), { success: IMPOSTAZIONI_MSG.settingsSaved });
  };

  return (
    <Form noValidate onSubmit={submit} className="centre-form" style={{ maxWidth: '36rem' }}>
      <TextField
        id="centre-name"
        label="Nome del centro"
        value={values.nomecentro}
        onChange={(nomecentro) => setValues({ ...values, nomecentro })}
        error={errors.nomecentro}
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
      <PatronField value={values.patrono} onChange={(patrono) => setValues({ ...values, patrono })} />
      <SelectField
        id="centre-paper"
        label="Formato carta"
        value={values.formatoCarta}
        onChange={(formatoCarta) => setValues({ ...values, formatoCarta: formatoCarta as PaperFormat })}
        hint="Per la stampa della giornata e della settimana, sempre in orizzontale."
        options={PAPER_FORMATS.map((format) => (
          <option key={format} value={format}>
            {PAPER_LABELS[format]}
          </option>
        ))}
      />
      <CentreCodesFields
        values={values}
        errors={errors}
        onChange={(key, value) => setValues({ ...values, [key]: value } as typeof values)}
      />
      <fieldset className="mb-3" aria-describedby="centre-hours-hint">
        <legend className="form-label fs-6 mb-1">Orario del centro</legend>
        <div className="d-flex flex-wrap gap-3">
          <TimeField
            id="centre-apertura"
            label="Apertura"
            value={values.apertura}
            onChange={(apertura) => setValues({ ...values, apertura })}
            error={errors.apertura}
            className="mb-0"
          />
          <TimeField
            id="centre-chiusura"
            label="Chiusura"
            value={values.chiusura}
            onChange={(chiusura) => setValues({ ...values, chiusura })}
            error={errors.chiusura}
            className="mb-0"
          />
        </div>
        <Form.Text id="centre-hours-hint" muted className="d-block">
          Il pianificatore propone attività solo in quest’orario, a quarti d’ora (per esempio dalle 08:00 alle 17:00).
        </Form.Text>
      </fieldset>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
        Salva
      </Button>
    </Form>
  );
}

const PAPER_LABELS: Record<PaperFormat, string> = { A4: 'A4 (21 × 29,7 cm)', Letter: 'Letter (formato americano)' };

const pad = (n: number) => String(n).padStart(2, '0');
/** Days of each month in a year without 29 February: the patron's day comes every year. */
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Santo patrono: a day and a month (never a year: it comes back every year), or none. Two menus rather than a date
 * field, so the keyboard and the screen reader get Italian month names whatever the browser's language.
 */
function PatronField({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const month = value ? Number(value.slice(0, 2)) : 0;
  const day = value ? Number(value.slice(3, 5)) : 0;
  const setMonth = (m: number) => onChange(m === 0 ? null : `${pad(m)}-${pad(Math.min(day || 1, DAYS_IN_MONTH[m - 1]))}`);
  return (
    <fieldset className="mb-3" aria-describedby="centre-patron-hint">
      <legend className="form-label fs-6 mb-1">Santo patrono</legend>
      <div className="d-flex gap-2" style={{ maxWidth: '20rem' }}>
        <Form.Select
          aria-label="Giorno del santo patrono"
          value={day}
          disabled={month === 0}
          onChange={(e) => onChange(`${pad(month)}-${pad(Number(e.target.value))}`)}
        >
          {month === 0 && <option value={0}>—</option>}
          {Array.from({ length: month === 0 ? 0 : DAYS_IN_MONTH[month - 1] }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </Form.Select>
        <Form.Select aria-label="Mese del santo patrono" value={month} onChange={(e) => setMonth(Number(e.target.value))}>
          <option value={0}>Nessuno</option>
          {MONTHS_IT.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </Form.Select>
      </div>
      <Form.Text id="centre-patron-hint" muted className="d-block">
        Ogni anno è festivo come le feste nazionali: i modelli lo saltano e il registro mensile non lo conta.
      </Form.Text>
    </fieldset>
  );
}
