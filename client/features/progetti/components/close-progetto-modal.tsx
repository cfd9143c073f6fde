import { PROGETTI_MSG, progettoChiudiSchema, type Progetto } from '../../../../common/progetti.ts';
import { DateField } from '../../../components/date-field.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { checkForm } from '../../../lib/form-check.ts';
import { useFormValues } from '../../../lib/form-values.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useCloseProgetto } from '../api/progetti.ts';

/** Chiudi progetto: the last day it applies (dimissione, or a new progetto from the next day). */
export function CloseProgettoModal({ progetto, day, onClose }: { progetto: Progetto; day: string; onClose: () => void }) {
  const { values, setErrors, field } = useFormValues({ al: day });
  const close = useCloseProgetto();
  const submit = async () => {
    const result = checkForm(progettoChiudiSchema, { ID: progetto.ID, ...values });
    if ('errors' in result) return setErrors(result.errors);
    if (values.al < progetto.dal) return setErrors({ al: PROGETTI_MSG.chiudiBeforeDal });
    if (await withToasts(close.mutateAsync(result.data), { success: 'Progetto chiuso' })) onClose();
  };
  return (
    <FormModal
      title="Chiudi progetto"
      submitLabel="Chiudi progetto"
      busy={close.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <DateField label="Ultimo giorno del progetto" {...field('al', 'progetto-chiudi-al')} required />
    </FormModal>
  );
}
