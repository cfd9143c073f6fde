import { useState } from 'react';
import { accountPasswordSchema, type AccountRecord } from '../../../../common/anagrafiche.ts';
import { SESSION_MSG } from '../../../../common/session.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useResetPassword } from '../api/accounts.ts';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';

/** Reimposta password of another account (the administrator sets a new one). */
export function PasswordResetModal({ account, onClose }: { account: AccountRecord; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useResetPassword();

  const submit = async () => {
    const result = checkForm(accountPasswordSchema, { ID: account.ID, password });
    if ('errors' in result) return setErrors(result.errors);
    if (await withToasts(reset.mutateAsync(result.data), { success: SESSION_MSG.passwordChanged })) onClose();
  };

  return (
    <FormModal
      title={`Reimposta password di ${account.username}`}
      submitLabel="Salva"
      busy={reset.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        id="reset-password"
        label="Nuova password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setErrors({});
        }}
        error={errors.password}
        autoFocus
        maxLength={200}
      />
    </FormModal>
  );
}
