import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { accountCreateSchema } from '../../../../common/anagrafiche.ts';
import { MSG } from '../../../../common/messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MSG } from '../../../../common/passwords.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateAccount } from '../api/accounts.ts';
import { useFormValues } from '../../../lib/form-values.ts';
import { checkPasswordForm, usePasswordRule } from '../../../lib/password-rule.ts';

/** Nuovo account: username, initial password, administrator or not. */
export function AccountFormModal({ onClose }: { onClose: () => void }) {
  const { values, setErrors, field } = useFormValues({ username: '', password: '' });
  const [admin, setAdmin] = useState(false);
  const create = useCreateAccount();
  usePasswordRule();

  const submit = async () => {
    const result = await checkPasswordForm(accountCreateSchema, { ...values, Admin: admin ? 1 : 0 });
    if ('errors' in result) return setErrors(result.errors);
    if (await withToasts(create.mutateAsync(result.data), { success: MSG.saved })) onClose();
  };

  return (
    <FormModal title="Nuovo account" submitLabel="Crea account" busy={create.isPending} onSubmit={() => void submit()} onClose={onClose}>
      <TextField label="Username" {...field('username', 'account-username')} autoFocus maxLength={100} />
      <TextField
        label="Password iniziale"
        type="password"
        autoComplete="new-password"
        {...field('password', 'account-password')}
        hint={`${PASSWORD_MSG.hint}. Comunicala a chi userà l'account: potrà cambiarla da «Cambia password»`}
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <Form.Check type="checkbox" id="account-admin" label="Amministratore" checked={admin} onChange={(e) => setAdmin(e.target.checked)} />
    </FormModal>
  );
}
