import { accountPasswordFor, type AccountRecord } from '../../../../common/anagrafiche.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MSG } from '../../../../common/passwords.ts';
import { SESSION_MSG } from '../../../../common/session.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useResetPassword } from '../api/accounts.ts';
import { useFormValues } from '../../../lib/form-values.ts';
import { checkPasswordForm, usePasswordRule } from '../../../lib/password-rule.ts';

/** Reimposta password of another account (the administrator sets a new one). */
export function PasswordResetModal({ account, onClose }: { account: AccountRecord; onClose: () => void }) {
  const { values, setErrors, field } = useFormValues({ password: '' });
  const reset = useResetPassword();
  usePasswordRule();

  const submit = async () => {
    const result = await checkPasswordForm(accountPasswordFor(account.username), { ID: account.ID, ...values });
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
        label="Nuova password"
        type="password"
        autoComplete="new-password"
        {...field('password', 'reset-password')}
        hint={PASSWORD_MSG.hint}
        autoFocus
        maxLength={PASSWORD_MAX_LENGTH}
      />
    </FormModal>
  );
}
