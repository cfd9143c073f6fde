import { useState } from 'react';
import { MSG } from '../../../../common/messages.ts';
import { mezzoFormSchema, type MezzoRecord } from '../../../../common/trasporti.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';
import { coloreLabel, MEZZO_COLORI } from '../../../lib/mezzi.ts';
import { withFieldErrors } from '../../../lib/api-client.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateMezzo, useUpdateMezzo } from '../api/mezzi.ts';

const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Nuovo mezzo / Modifica mezzo: name, plate, seats, wheelchair places and colour; each refusal under its field. */
export function MezzoFormModal({ record, onClose }: { record?: MezzoRecord; onClose: () => void }) {
  const [values, setValues] = useState({
    Nome: record?.Nome ?? '',
    Targa: record?.Targa ?? '',
    posti: String(record?.posti ?? 8),
    postiCarrozzina: String(record?.postiCarrozzina ?? 0),
    colore: record?.colore ?? 'bianco',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateMezzo();
  const update = useUpdateMezzo();
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

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
      <TextField
        id="mezzo-nome"
        label="Nome"
        value={values.Nome}
        onChange={set('Nome')}
        error={errors.Nome}
        autoFocus
        maxLength={60}
        hint="Per esempio «Pulmino blu»"
      />
      <TextField
        id="mezzo-targa"
        label="Targa"
        value={values.Targa}
        onChange={set('Targa')}
        error={errors.Targa}
        maxLength={10}
        hint="Facoltativa, nel formato AB123CD"
      />
      <div className="row g-2">
        <TextField
          id="mezzo-posti"
          label="Posti"
          value={values.posti}
          onChange={set('posti')}
          error={errors.posti}
          hint="Passeggeri e operatori, da 1 a 60"
          className="col-sm-6 mb-3"
          maxLength={2}
        />
        <TextField
          id="mezzo-carrozzina"
          label="Posti per carrozzina"
          value={values.postiCarrozzina}
          onChange={set('postiCarrozzina')}
          error={errors.postiCarrozzina}
          hint="Da 0 a 10, non più dei posti"
          className="col-sm-6 mb-3"
          maxLength={2}
        />
      </div>
      <SelectField
        id="mezzo-colore"
        label="Colore nel calendario"
        value={values.colore}
        onChange={set('colore')}
        error={errors.colore}
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
