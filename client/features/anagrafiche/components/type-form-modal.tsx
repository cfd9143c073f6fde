import { useState } from 'react';
import { MSG } from '../../../../common/messages.ts';
import { tipoFormSchema, type Profilo, type TipoRecord } from '../../../../common/progetti.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateType, useUpdateType } from '../api/types.ts';
import { ProfileOptions } from './profile-options.tsx';

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** Nuovo tipo di attività / Modifica tipo di attività. */
export function TypeFormModal({ type, onClose }: { type?: TipoRecord; onClose: () => void }) {
  const [nome, setNome] = useState(type?.Nome ?? '');
  const [profilo, setProfilo] = useState<string>(type?.profilo ?? '');
  const [partecipanti, setPartecipanti] = useState(String(type?.partecipanti ?? 1));
  const [minuti, setMinuti] = useState(String(type?.minuti ?? 45));
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateType();
  const update = useUpdateType();
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setErrors({});
    };

  const submit = async () => {
    const result = checkForm(tipoFormSchema, {
      Nome: nome,
      profilo: profilo === '' ? null : (profilo as Profilo),
      partecipanti: toNumber(partecipanti),
      minuti: toNumber(minuti),
    });
    if ('errors' in result) return setErrors(result.errors);
    const work = type ? update.mutateAsync({ ...result.data, ID: type.ID }) : create.mutateAsync(result.data);
    if (await withToasts(work, { success: MSG.saved })) onClose();
  };

  return (
    <FormModal
      title={type ? 'Modifica tipo di attività' : 'Nuovo tipo di attività'}
      submitLabel="Salva"
      busy={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        id="type-nome"
        label="Nome"
        value={nome}
        onChange={edit(setNome)}
        error={errors.Nome}
        autoFocus
        maxLength={100}
        hint="Per esempio «Logopedia individuale»"
      />
      <SelectField
        id="type-profilo"
        label="Profilo che la svolge"
        value={profilo}
        onChange={edit(setProfilo)}
        error={errors.profilo}
        options={<ProfileOptions none="Qualsiasi operatore (per esempio Pranzo)" />}
      />
      <div className="row g-2">
        <TextField
          id="type-partecipanti"
          label="Partecipanti al massimo"
          value={partecipanti}
          onChange={edit(setPartecipanti)}
          error={errors.partecipanti}
          hint="1 = individuale; fino a 30 per un gruppo"
          className="col-sm-6 mb-3"
          maxLength={2}
        />
        <TextField
          id="type-minuti"
          label="Durata di solito (minuti)"
          value={minuti}
          onChange={edit(setMinuti)}
          error={errors.minuti}
          hint="Da 15 a 480, a multipli di 5"
          className="col-sm-6 mb-3"
          maxLength={3}
        />
      </div>
    </FormModal>
  );
}
