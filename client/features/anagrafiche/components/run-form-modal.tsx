import { MSG } from '../../../../common/messages.ts';
import { runFormSchema } from '../../../../common/anagrafiche.ts';
import { formatDayMonthYear } from '../../../../common/dates.ts';
import { minibusName, type DayTransportRun } from '../../../../common/schemas.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { TimeField } from '../../../components/time-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateRun, useUpdateRun } from '../api/runs.ts';
import { useMezzi } from '../api/mezzi.ts';
import { checkForm } from '../../../lib/form-check.ts';
import { useFormValues } from '../../../lib/form-values.ts';

interface Props {
  day: string;
  run?: DayTransportRun;
  onClose: () => void;
}

/** Nuova uscita / Modifica uscita of the chosen day: Tratta, Partenza, Arrivo, Mezzo (the active ones of Anagrafiche → Mezzi). */
export function RunFormModal({ day, run, onClose }: Props) {
  const { values, errors, setErrors, set, field } = useFormValues({
    Tratta: run?.Tratta ?? '',
    Ora: run?.Ora.slice(0, 5) ?? '08:00',
    OraArrivo: run?.OraArrivo.slice(0, 5) ?? '09:00',
    RifPulmino: run ? String(run.RifPulmino) : '',
  });
  const mezzi = useMezzi(false);
  const create = useCreateRun();
  const update = useUpdateRun();

  // A new run takes the first active mezzo until another is chosen.
  const mezzo = values.RifPulmino || String(mezzi.data?.[0]?.ID ?? '');
  const submit = async () => {
    const result = checkForm(runFormSchema, { ...values, RifPulmino: Number(mezzo), Data: run?.Data ?? day });
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
      <TextField label="Tratta" {...field('Tratta', 'run-route')} autoFocus maxLength={100} />
      <div className="row">
        <div className="col-6">
          <TimeField label="Partenza" {...field('Ora', 'run-departure')} />
        </div>
        <div className="col-6">
          <TimeField label="Arrivo" endOfDay {...field('OraArrivo', 'run-arrival')} />
        </div>
      </div>
      <SelectField
        id="run-minibus"
        label="Mezzo"
        value={mezzo}
        onChange={set('RifPulmino')}
        error={errors.RifPulmino}
        hint="I mezzi si aggiungono in Anagrafiche → Mezzi"
        className=""
        options={
          <>
            {/* The run's own mezzo stays offered while the list loads or once it is archived. */}
            {run && !mezzi.data?.some((m) => m.ID === run.RifPulmino) && <option value={String(run.RifPulmino)}>{minibusName(run)}</option>}
            {mezzi.data?.map((m) => (
              <option key={m.ID} value={String(m.ID)}>
                {m.Nome} ({m.posti} posti{m.postiCarrozzina > 0 ? `, ${m.postiCarrozzina} carrozzina` : ''})
              </option>
            ))}
          </>
        }
      />
    </FormModal>
  );
}
