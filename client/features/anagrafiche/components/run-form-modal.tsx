import { useState } from 'react';
import { MSG } from '../../../../common/messages.ts';
import { runFormSchema } from '../../../../common/anagrafiche.ts';
import { formatDayMonthYear } from '../../../../common/dates.ts';
import type { DayTransportRun } from '../../../../common/schemas.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { TimeField } from '../../../components/time-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateRun, useUpdateRun } from '../api/runs.ts';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';

interface Props {
  day: string;
  run?: DayTransportRun;
  onClose: () => void;
}

/** Nuova uscita / Modifica uscita of the chosen day: Tratta, Partenza, Arrivo, Pulmino. */
export function RunFormModal({ day, run, onClose }: Props) {
  const [values, setValues] = useState({
    Tratta: run?.Tratta ?? '',
    Ora: run?.Ora.slice(0, 5) ?? '08:00',
    OraArrivo: run?.OraArrivo.slice(0, 5) ?? '09:00',
    RifPulmino: String(run?.RifPulmino ?? 1),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateRun();
  const update = useUpdateRun();
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    const result = checkForm(runFormSchema, { ...values, RifPulmino: Number(values.RifPulmino), Data: run?.Data ?? day });
    if ('errors' in result) return setErrors(result.errors);
    const work = run ? update.mutateAsync({ ...result.data, ID: run.ID }) : create.mutateAsync(result.data);
    if (await withToasts(work, { success: MSG.saved })) onClose();
  };

  return (
    <FormModal
      title={run ? 'Modifica uscita' : 'Nuova uscita'}
      submitLabel="Salva"
      busy={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <p className="text-muted small">Giorno: {formatDayMonthYear(run?.Data ?? day)}</p>
      <TextField
        id="run-route"
        label="Tratta"
        value={values.Tratta}
        onChange={set('Tratta')}
        error={errors.Tratta}
        autoFocus
        maxLength={100}
      />
      <div className="row">
        <div className="col-6">
          <TimeField id="run-departure" label="Partenza" value={values.Ora} onChange={set('Ora')} error={errors.Ora} />
        </div>
        <div className="col-6">
          <TimeField
            id="run-arrival"
            label="Arrivo"
            endOfDay
            value={values.OraArrivo}
            onChange={set('OraArrivo')}
            error={errors.OraArrivo}
          />
        </div>
      </div>
      <SelectField
        id="run-minibus"
        label="Pulmino"
        value={values.RifPulmino}
        onChange={set('RifPulmino')}
        error={errors.RifPulmino}
        className=""
        options={
          <>
            <option value="1">Bianco</option>
            <option value="2">Blu</option>
          </>
        }
      />
    </FormModal>
  );
}
