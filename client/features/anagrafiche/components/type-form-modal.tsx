import { MSG } from '../../../../common/messages.ts';
import { tipoFormSchema, type Profilo, type TipoRecord } from '../../../../common/progetti.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { checkForm } from '../../../lib/form-check.ts';
import { useFormValues } from '../../../lib/form-values.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateType, useUpdateType } from '../api/types.ts';
import { ProfileOptions } from './profile-options.tsx';

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** Nuovo tipo di attività / Modifica tipo di attività. */
export function TypeFormModal({ type, onClose }: { type?: TipoRecord; onClose: () => void }) {
  const { values, setErrors, field } = useFormValues({
    Nome: type?.Nome ?? '',
    profilo: type?.profilo ?? '',
    partecipanti: String(type?.partecipanti ?? 1),
    minuti: String(type?.minuti ?? 45),
  });
  const create = useCreateType();
  const update = useUpdateType();

  const submit = async () => {
    const result = checkForm(tipoFormSchema, {
      Nome: values.Nome,
      profilo: values.profilo === '' ? null : (values.profilo as Profilo),
      partecipanti: toNumber(values.partecipanti),
      minuti: toNumber(values.minuti),
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
      <TextField label="Nome" {...field('Nome', 'type-nome')} autoFocus maxLength={100} hint="Per esempio «Logopedia individuale»" />
      <SelectField
        label="Profilo che la svolge"
        {...field('profilo', 'type-profilo')}
        options={<ProfileOptions none="Qualsiasi operatore (per esempio Pranzo)" />}
      />
      <div className="row g-2">
        <TextField
          label="Partecipanti al massimo"
          {...field('partecipanti', 'type-partecipanti')}
          hint="1 = individuale; fino a 30 per un gruppo"
          className="col-sm-6 mb-3"
          maxLength={2}
        />
        <TextField
          label="Durata di solito (minuti)"
          {...field('minuti', 'type-minuti')}
          hint="Da 15 a 480, a multipli di 5"
          className="col-sm-6 mb-3"
          maxLength={3}
        />
      </div>
    </FormModal>
  );
}
