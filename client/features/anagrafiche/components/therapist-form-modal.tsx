import { useState } from 'react';
import { MSG } from '../../../../common/messages.ts';
import { therapistFormSchema, type AccountRecord, type TherapistRecord } from '../../../../common/anagrafiche.ts';
import { disponibilitaSchema, oreSettimanaliSchema, profiloSchema, type Finestra } from '../../../../common/progetti.ts';
import { WeekWindowsField, windowErrors } from '../../../components/week-windows-field.tsx';
import { ProfileOptions } from './profile-options.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateTherapist, useUpdateTherapist } from '../api/therapists.ts';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';
import { useFormValues } from '../../../lib/form-values.ts';

interface Props {
  therapist?: TherapistRecord;
  accounts: AccountRecord[];
  onClose: () => void;
}

/** Nuovo operatore / Modifica operatore: the username, optionally the name and the sign-in account it belongs to. */
export function TherapistFormModal({ therapist, accounts, onClose }: Props) {
  const { values, setErrors, field } = useFormValues({
    username: therapist?.username ?? '',
    Nome: therapist?.Nome ?? '',
    Cognome: therapist?.Cognome ?? '',
    RifUtente: String(therapist?.RifUtente ?? -1),
    profilo: therapist?.profilo ?? '',
    oreSettimanali: therapist?.oreSettimanali == null ? '' : String(therapist.oreSettimanali).replace('.', ','),
  });
  const { profilo, oreSettimanali: ore } = values;
  const [disponibilita, setDisponibilita] = useState<Finestra[]>(therapist?.disponibilita ?? []);
  const [windowIssues, setWindowIssues] = useState<Partial<Record<string, string>>>({});
  const create = useCreateTherapist();
  const update = useUpdateTherapist();

  const submit = async () => {
    const result = checkForm(therapistFormSchema, {
      username: values.username,
      Nome: values.Nome,
      Cognome: values.Cognome,
      RifUtente: Number(values.RifUtente),
    });
    const plan: FieldErrors = {};
    const profiloParsed = profiloSchema.nullable().safeParse(profilo === '' ? null : profilo);
    if (!profiloParsed.success) plan.profilo = profiloParsed.error.issues[0]?.message;
    const oreParsed = oreSettimanaliSchema.nullable().safeParse(ore.trim() === '' ? null : ore.trim());
    if (!oreParsed.success) plan.oreSettimanali = oreParsed.error.issues[0]?.message;
    const windowsParsed = disponibilitaSchema.safeParse(disponibilita);
    setWindowIssues(windowsParsed.success ? {} : windowErrors(windowsParsed.error.issues));
    if ('errors' in result || !profiloParsed.success || !oreParsed.success || !windowsParsed.success)
      return setErrors({ ...('errors' in result ? result.errors : {}), ...plan });
    const fields = {
      username: result.data.username,
      Nome: result.data.Nome,
      Cognome: result.data.Cognome,
      RifUtente: result.data.RifUtente ?? -1,
      profilo: profiloParsed.data,
      oreSettimanali: oreParsed.data,
      disponibilita: windowsParsed.data,
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
      size="lg"
    >
      <TextField
        label="Username"
        {...field('username', 'therapist-username')}
        hint="Senza spazi (es. paola.neri): compare nel calendario quando nome e cognome non sono indicati"
        autoFocus
        maxLength={60}
      />
      <TextField label="Nome (facoltativo)" {...field('Nome', 'therapist-nome')} maxLength={100} autoComplete="off" />
      <TextField
        label="Cognome (facoltativo)"
        {...field('Cognome', 'therapist-cognome')}
        hint="Con nome e cognome, calendario, stampe e agenda mostrano «Laura Fontana» invece dello username"
        maxLength={100}
        autoComplete="off"
      />
      <SelectField
        label="Account collegato"
        {...field('RifUtente', 'therapist-account')}
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
      <div className="row g-2 mt-2">
        <SelectField
          label="Profilo professionale"
          {...field('profilo', 'therapist-profilo')}
          className="col-sm-8 mb-3"
          options={<ProfileOptions none="Profilo da indicare" />}
        />
        <TextField
          label="Ore settimanali"
          {...field('oreSettimanali', 'therapist-ore')}
          hint="Da contratto, da 0 a 60 (anche mezze ore, es. 27,5)"
          className="col-sm-4 mb-3"
          maxLength={4}
        />
      </div>
      <WeekWindowsField
        id="therapist-disponibilita"
        legend="Disponibilità"
        hint="Le fasce orarie in cui l’operatore è al centro, giorno per giorno: fuori da queste il calendario avvisa."
        value={disponibilita}
        onChange={(value) => {
          setDisponibilita(value);
          setWindowIssues({});
        }}
        maxPerDay={5}
        defaultWindow={{ dalle: '08:00', alle: '14:00' }}
        errors={windowIssues}
      />
    </FormModal>
  );
}
