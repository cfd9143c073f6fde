import { useState } from 'react';
import { PROGETTI_MSG, progettoChiudiSchema, type Progetto } from '../../../../common/progetti.ts';
import { DateField } from '../../../components/date-field.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useCloseProgetto } from '../api/progetti.ts';

/** Chiudi progetto: the last day it applies (dimissione, or a new progetto from the next day). */
export function CloseProgettoModal({ progetto, day, onClose }: { progetto: Progetto; day: string; onClose: () => void }) {
  const [al, setAl] = useState(day);
  const [errors, setErrors] = useState<FieldErrors>({});
  const close = useCloseProgetto();
  const submit = async () => {
    const result = checkForm(progettoChiudiSchema, { ID: progetto.ID, al });
    if ('errors' in result) return setErrors(result.errors);
    if (al < progetto.dal) return setErrors({ al: PROGETTI_MSG.chiudiBeforeDal });
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
      <DateField
        id="progetto-chiudi-al"
        label="Ultimo giorno del progetto"
        value={al}
        onChange={(v) => {
          setAl(v);
          setErrors({});
        }}
        error={errors.al}
        required
      />
    </FormModal>
  );
}
