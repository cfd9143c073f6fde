import { useState } from 'react';
import { MSG } from '../../../../common/messages.ts';
import { patientFormSchema, type PatientRecord } from '../../../../common/anagrafiche.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { formatMobile } from '../../../lib/phone.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreatePatient, useUpdatePatient } from '../api/patients.ts';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';

/** Nuovo paziente / Modifica paziente: Nome, Cognome, Cellulare, checked by the shared patientFormSchema. */
export function PatientFormModal({ patient, onClose }: { patient?: PatientRecord; onClose: () => void }) {
  const [values, setValues] = useState({
    Nome: patient?.Nome ?? '',
    Cognome: patient?.Cognome ?? '',
    Cellulare: patient ? formatMobile(patient.Cellulare) : '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreatePatient();
  const update = useUpdatePatient();
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    const result = checkForm(patientFormSchema, values);
    if ('errors' in result) return setErrors(result.errors);
    const work = patient ? update.mutateAsync({ ...result.data, ID: patient.ID }) : create.mutateAsync(result.data);
    if (await withToasts(work, { success: MSG.saved })) onClose();
  };

  return (
    <FormModal
      title={patient ? 'Modifica paziente' : 'Nuovo paziente'}
      submitLabel="Salva"
      busy={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField id="patient-name" label="Nome" value={values.Nome} onChange={set('Nome')} error={errors.Nome} autoFocus maxLength={100} />
      <TextField
        id="patient-surname"
        label="Cognome"
        value={values.Cognome}
        onChange={set('Cognome')}
        error={errors.Cognome}
        maxLength={100}
      />
      <TextField
        id="patient-mobile"
        label="Cellulare"
        type="tel"
        value={values.Cellulare}
        onChange={set('Cellulare')}
        error={errors.Cellulare}
        hint="Facoltativo. Cellulare italiano, con o senza +39"
        maxLength={40}
      />
    </FormModal>
  );
}
