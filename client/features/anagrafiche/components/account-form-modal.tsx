import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { accountCreateSchema } from '../../../../common/anagrafiche.ts';
import { MSG } from '../../../../common/messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MSG } from '../../../../common/passwords.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateAccount } from '../api/accounts.ts';
import type { FieldErrors } from '../../../lib/form-check.ts';
import { checkPasswordForm, usePasswordRule } from '../../../lib/password-rule.ts';

/** Nuovo account: username, initial password, administrator or not. */
export function AccountFormModal({ onClose }: { onClose: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [admin, setAdmin] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateAccount();
  usePasswordRule();

  const submit = async () => {
    const result = await checkPasswordForm(accountCreateSchema, { username, password, Admin: admin ? 1 : 0 });
    if ('errors' in result) return setErrors(result.errors);
    if (await withToasts(create.mutateAsync(result.data), { success: MSG.saved })) onClose();
  };

  return (
    <FormModal title="Nuovo account" submitLabel="Crea account" busy={create.isPending} onSubmit={() => void submit()} onClose={onClose}>
      <TextField
        id="account-username"
        label="Username"
        value={username}
        onChange={(value) => {
          setUsername(value);
          setErrors((e) => ({ ...e, username: undefined }));
        }}
        error={errors.username}
        autoFocus
        maxLength={100}
      />
      <TextField
        id="account-password"
        label="Password iniziale"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(value) => {
          setPassword(value);
          setErrors((e) => ({ ...e, password: undefined }));
        }}
        error={errors.password}
        hint={`${PASSWORD_MSG.hint}. Comunicala a chi userà l'account: potrà cambiarla da «Cambia password»`}
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <Form.Check type="checkbox" id="account-admin" label="Amministratore" checked={admin} onChange={(e) => setAdmin(e.target.checked)} />
    </FormModal>
  );
}
