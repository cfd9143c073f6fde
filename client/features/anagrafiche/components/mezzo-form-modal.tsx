import { MSG } from '../../../../common/messages.ts';
import { mezzoFormSchema, type MezzoRecord } from '../../../../common/trasporti.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { checkForm } from '../../../lib/form-check.ts';
import { useFormValues } from '../../../lib/form-values.ts';
import { coloreLabel, MEZZO_COLORI } from '../../../lib/mezzi.ts';
import { withFieldErrors } from '../../../lib/api-client.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateMezzo, useUpdateMezzo } from '../api/mezzi.ts';

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Nuovo mezzo / Modifica mezzo: name, plate, seats, wheelchair places and colour; each refusal under its field. */
export function MezzoFormModal({ record, onClose }: { record?: MezzoRecord; onClose: () => void }) {
  const { values, setErrors, field } = useFormValues({
    Nome: record?.Nome ?? '',
    Targa: record?.Targa ?? '',
    posti: String(record?.posti ?? 8),
    postiCarrozzina: String(record?.postiCarrozzina ?? 0),
    colore: record?.colore ?? 'bianco',
  });
  const create = useCreateMezzo();
  const update = useUpdateMezzo();

  const submit = async () => {
    const result = checkForm(mezzoFormSchema, {
      ...values,
      Targa: values.Targa.trim().toUpperCase().replace(/\s/g, ''),
      posti: toNumber(values.posti),
      postiCarrozzina: toNumber(values.postiCarrozzina),
    });
    if ('errors' in result) return setErrors(result.errors);
    const work = record ? update.mutateAsync({ ...result.data, ID: record.ID }) : create.mutateAsync(result.data);
    if (await withToasts(withFieldErrors(work, setErrors), { success: MSG.saved })) onClose();
  };

  return (
    <FormModal
      title={record ? 'Modifica mezzo' : 'Nuovo mezzo'}
      submitLabel="Salva"
      busy={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField label="Nome" {...field('Nome', 'mezzo-nome')} autoFocus maxLength={60} hint="Per esempio «Pulmino blu»" />
      <TextField label="Targa" {...field('Targa', 'mezzo-targa')} maxLength={10} hint="Facoltativa, nel formato AB123CD" />
      <div className="row g-2">
        <TextField
          label="Posti"
          {...field('posti', 'mezzo-posti')}
          hint="Passeggeri e operatori, da 1 a 60"
          className="col-sm-6 mb-3"
          maxLength={2}
        />
        <TextField
          label="Posti per carrozzina"
          {...field('postiCarrozzina', 'mezzo-carrozzina')}
          hint="Da 0 a 10, non più dei posti"
          className="col-sm-6 mb-3"
          maxLength={2}
        />
      </div>
      <SelectField
        label="Colore nel calendario"
        {...field('colore', 'mezzo-colore')}
        hint="Il calendario mostra sempre anche il nome del mezzo"
        options={MEZZO_COLORI.map((c) => (
          <option key={c} value={c}>
            {coloreLabel(c)}
          </option>
        ))}
      />
    </FormModal>
  );
}
