import { useState } from 'react';
import { ownPasswordSchema, SESSION_MSG } from '../../../../common/session.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useChangeOwnPassword } from '../api/change-own-password.ts';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';

/** Cambia password, for every signed-in user: the current password, then the new one twice. */
export function ChangePasswordModal({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState({ attuale: '', nuova: '', conferma: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const change = useChangeOwnPassword();
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async () => {
    const result = checkForm(ownPasswordSchema, values);
    if ('errors' in result) return setErrors(result.errors);
    if (values.conferma !== values.nuova) return setErrors({ conferma: SESSION_MSG.passwordsDiffer });
    if (await withToasts(change.mutateAsync(result.data), { success: SESSION_MSG.passwordChanged })) onClose();
  };

  return (
    <FormModal
      title="Cambia password"
      submitLabel="Cambia password"
      busy={change.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        id="own-current"
        label="Password attuale"
        type="password"
        autoComplete="current-password"
        value={values.attuale}
        onChange={set('attuale')}
        error={errors.attuale}
        autoFocus
      />
      <TextField
        id="own-new"
        label="Nuova password"
        type="password"
        autoComplete="new-password"
        value={values.nuova}
        onChange={set('nuova')}
        error={errors.nuova}
      />
      <TextField
        id="own-confirm"
        label="Ripeti la nuova password"
        type="password"
        autoComplete="new-password"
        value={values.conferma}
        onChange={set('conferma')}
        error={errors.conferma}
      />
    </FormModal>
  );
}
