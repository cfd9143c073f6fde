import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { MSG } from '../../../../common/messages.ts';
import { patientFormSchema, type PatientRecord } from '../../../../common/anagrafiche.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatMobile } from '../../../lib/phone.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { withFieldErrors } from '../../../lib/api-client.ts';
import { useCreatePatient, useUpdatePatient } from '../api/patients.ts';
import { checkForm } from '../../../lib/form-check.ts';
import { useFormValues } from '../../../lib/form-values.ts';
import { findPatients } from '../../../lib/people-search.ts';
import { sameName } from '../../../../common/people.ts';
import type { Patient } from '../../../../common/schemas.ts';
import { EMPTY_FLUSSI, PatientFlussiFields, type FlussiValues } from './patient-flussi-fields.tsx';

/** "Esiste già Niccolò Foà (cellulare …): crearne un altro?" */
const homonymQuestion = (p: Patient) =>
  `Esiste già ${p.Nome} ${p.Cognome}${p.Cellulare ? ` (cellulare ${formatMobile(p.Cellulare)})` : ''}: crearne un altro?`;

/**
 * Nuovo paziente / Modifica paziente: Nome, Cognome, Cellulare and the pickup (Indirizzo, Carrozzina, NoteTrasporto),
 * checked by the shared patientFormSchema; the server's refusals go under their fields too.
 * A new utente with the name and surname of one already there (accents and case aside) is created
 * only after the form asks, so a second "Niccolò Foà" is never made by mistake.
 */
export function PatientFormModal({ patient, onClose }: { patient?: PatientRecord; onClose: () => void }) {
  const { values, errors, setErrors, field } = useFormValues(
    {
      Nome: patient?.Nome ?? '',
      Cognome: patient?.Cognome ?? '',
      Cellulare: patient ? formatMobile(patient.Cellulare) : '',
      Indirizzo: patient?.Indirizzo ?? '',
      NoteTrasporto: patient?.NoteTrasporto ?? '',
    },
    // A changed name is checked again for a homonym at the next Salva.
    (name) => {
      if (name === 'Nome' || name === 'Cognome') setHomonym(null);
    },
  );
  const [carrozzina, setCarrozzina] = useState(patient?.Carrozzina ?? false);
  /** Issue 32: the flows' data, sent with the form once read (null until then: a save leaves them as they are). */
  const [flussi, setFlussi] = useState<FlussiValues | null>(patient ? null : EMPTY_FLUSSI);
  /** The utente with the same name found at the last Salva: the next Salva creates anyway. */
  const [homonym, setHomonym] = useState<Patient | null>(null);
  const [checking, setChecking] = useState(false);
  const create = useCreatePatient();
  const update = useUpdatePatient();

  /** An utente already there with the same name and surname, if any (the search folds accents as the server does). */
  const findHomonym = async (data: { Nome: string; Cognome: string }) => {
    setChecking(true);
    try {
      const found = await findPatients(`${data.Nome} ${data.Cognome}`.slice(0, 100));
      return found.find((p) => sameName(p, data)) ?? null;
    } catch {
      return null; // The search failing must not stop the centre from recording someone: the server still checks the rest.
    } finally {
      setChecking(false);
    }
  };

  const submit = async () => {
    const result = checkForm(patientFormSchema, { ...values, Carrozzina: carrozzina, ...(flussi ?? {}) });
    if ('errors' in result) return setErrors(result.errors);
    if (!patient && !homonym) {
      const found = await findHomonym(result.data);
      if (found) return setHomonym(found);
    }
    const work = patient ? update.mutateAsync({ ...result.data, ID: patient.ID }) : create.mutateAsync(result.data);
    if (await withToasts(withFieldErrors(work, setErrors), { success: MSG.saved })) onClose();
  };

  return (
    <FormModal
      title={patient ? 'Modifica paziente' : 'Nuovo paziente'}
      submitLabel={homonym ? 'Sì, crea un altro' : 'Salva'}
      busy={create.isPending || update.isPending || checking}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField label="Nome" {...field('Nome', 'patient-name')} autoFocus maxLength={100} />
      <TextField label="Cognome" {...field('Cognome', 'patient-surname')} maxLength={100} />
      <TextField
        label="Cellulare"
        type="tel"
        {...field('Cellulare', 'patient-mobile')}
        hint="Facoltativo. Cellulare italiano, con o senza +39"
        maxLength={40}
      />
      <fieldset className="border-top pt-2">
        <legend className="h6 text-muted">Trasporto</legend>
        <TextField
          label="Indirizzo"
          {...field('Indirizzo', 'patient-address')}
          hint="Dove sale sul pulmino, per esempio «via Roma 12, Cremona»"
          maxLength={200}
        />
        <Form.Group className="mb-3" controlId="patient-wheelchair">
          <Form.Check
            type="checkbox"
            label="Viaggia in carrozzina"
            checked={carrozzina}
            onChange={(e) => {
              setCarrozzina(e.target.checked);
              setErrors((errs) => ({ ...errs, Carrozzina: undefined }));
            }}
            isInvalid={!!errors.Carrozzina}
            feedback={errors.Carrozzina}
            feedbackType="invalid"
          />
        </Form.Group>
        <TextField
          label="Note per il trasporto"
          {...field('NoteTrasporto', 'patient-transport-notes')}
          hint="Per esempio «sale dal lato destro», «citofono Bianchi»"
          maxLength={200}
        />
      </fieldset>
      <PatientFlussiFields patientId={patient?.ID} values={flussi} errors={errors} onChange={setFlussi} />
      {homonym && (
        <Alert variant="warning" className="mb-0" role="alert">
          {homonymQuestion(homonym)}
        </Alert>
      )}
    </FormModal>
  );
}
