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
  const [profilo, setProfilo] = useState<string>(therapist?.profilo ?? '');
  const [ore, setOre] = useState(therapist?.oreSettimanali == null ? '' : String(therapist.oreSettimanali).replace('.', ','));
  const [disponibilita, setDisponibilita] = useState<Finestra[]>(therapist?.disponibilita ?? []);
  const [windowIssues, setWindowIssues] = useState<Partial<Record<string, string>>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateTherapist();
  const update = useUpdateTherapist();

  const submit = async () => {
    const result = checkForm(therapistFormSchema, { username, Nome: nome, Cognome: cognome, RifUtente: Number(account) });
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
      <div className="row g-2 mt-2">
        <SelectField
          id="therapist-profilo"
          label="Profilo professionale"
          value={profilo}
          onChange={(value) => {
            setProfilo(value);
            setErrors({});
          }}
          error={errors.profilo}
          className="col-sm-8 mb-3"
          options={<ProfileOptions none="Profilo da indicare" />}
        />
        <TextField
          id="therapist-ore"
          label="Ore settimanali"
          value={ore}
          onChange={(value) => {
            setOre(value);
            setErrors({});
          }}
          error={errors.oreSettimanali}
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
