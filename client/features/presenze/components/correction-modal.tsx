import { correctionSchema } from '../../../../common/presenze.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { checkForm } from '../../../lib/form-check.ts';
import { useFormValues } from '../../../lib/form-values.ts';

interface Props {
  title: string;
  /** What is about to change, in a sentence. */
  intro: string;
  submitLabel: string;
  /** The reason last given on this screen, offered again. */
  initialReason?: string;
  busy: boolean;
  /** Saves with the reason; resolves to something truthy when done, which closes the dialog. */
  onSubmit: (reason: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks why a closed month is changed (3 to 200 characters, kept with the change). */
export function CorrectionModal({ title, intro, submitLabel, initialReason = '', busy, onSubmit, onClose }: Props) {
  const { values, setErrors, field } = useFormValues({ reason: initialReason });
  const submit = async () => {
    const result = checkForm(correctionSchema, values.reason);
    if ('errors' in result) return setErrors({ reason: result.errors.form });
    if (await onSubmit(result.data)) onClose();
  };
  return (
    <FormModal title={title} submitLabel={submitLabel} busy={busy} onSubmit={() => void submit()} onClose={onClose}>
      <p>{intro}</p>
      <TextField
        label="Motivo della correzione"
        {...field('reason', 'correction-reason')}
        hint="Resta registrato insieme alla modifica."
        autoFocus
        maxLength={200}
      />
    </FormModal>
  );
}
