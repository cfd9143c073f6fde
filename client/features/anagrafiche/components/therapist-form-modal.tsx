import { useState } from 'react';
import { MSG } from '../../../../common/messages.ts';
import { therapistFormSchema, type AccountRecord, type TherapistRecord } from '../../../../common/anagrafiche.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateTherapist, useUpdateTherapist } from '../api/therapists.ts';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';

interface Props {
  therapist?: TherapistRecord;
  accounts: AccountRecord[];
  onClose: () => void;
}

/** Nuovo operatore / Modifica operatore: the username, optionally the name and the sign-in account it belongs to. */
export function TherapistFormModal({ therapist, accounts, onClose }: Props) {
  const [username, setUsername] = useState(therapist?.username ?? '');
  const [nome, setNome] = useState(therapist?.Nome ?? '');
  const [cognome, setCognome] = useState(therapist?.Cognome ?? '');
  const [account, setAccount] = useState(String(therapist?.RifUtente ?? -1));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateTherapist();
  const update = useUpdateTherapist();

  const submit = async () => {
    const result = checkForm(therapistFormSchema, { username, Nome: nome, Cognome: cognome, RifUtente: Number(account) });
    if ('errors' in result) return setErrors(result.errors);
    const fields = {
      username: result.data.username,
      Nome: result.data.Nome,
      Cognome: result.data.Cognome,
      RifUtente: result.data.RifUtente ?? -1,
    };
    const work = therapist ? update.mutateAsync({ ...fields, ID: therapist.ID }) : create.mutateAsync(fields);
    if (await withToasts(work, { success: MSG.saved })) onClose();
  };

  return (
    <FormModal
      title={therapist ? 'Modifica operatore' : 'Nuovo operatore'}
      submitLabel="Salva"
      busy={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        id="therapist-username"
        label="Username"
        value={username}
        onChange={(value) => {
          setUsername(value);
          setErrors({});
        }}
        error={errors.username}
        hint="Senza spazi (es. paola.neri): compare nel calendario quando nome e cognome non sono indicati"
        autoFocus
        maxLength={60}
      />
      <TextField
        id="therapist-nome"
        label="Nome (facoltativo)"
        value={nome}
        onChange={(value) => {
          setNome(value);
          setErrors({});
        }}
        error={errors.Nome}
        maxLength={100}
        autoComplete="off"
      />
      <TextField
        id="therapist-cognome"
        label="Cognome (facoltativo)"
        value={cognome}
        onChange={(value) => {
          setCognome(value);
          setErrors({});
        }}
        error={errors.Cognome}
        hint="Con nome e cognome, calendario, stampe e agenda mostrano «Laura Fontana» invece dello username"
        maxLength={100}
        autoComplete="off"
      />
      <SelectField
        id="therapist-account"
        label="Account collegato"
        value={account}
        onChange={setAccount}
        error={errors.RifUtente}
        className=""
        options={
          <>
            <option value="-1">Nessuno</option>
            {accounts.map((a) => (
              <option key={a.ID} value={a.ID}>
                {a.username}
                {a.Disattivato ? ' (disattivato)' : ''}
              </option>
            ))}
          </>
        }
      />
    </FormModal>
  );
}
