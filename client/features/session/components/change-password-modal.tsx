import Alert from 'react-bootstrap/Alert';
import { PASSWORD_MAX_LENGTH, PASSWORD_MSG } from '../../../../common/passwords.ts';
import { ownPasswordFor, SESSION_MSG } from '../../../../common/session.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { checkPasswordForm, usePasswordRule } from '../../../lib/password-rule.ts';
import { setPasswordChangeRequired, useUser } from '../../../lib/session.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useChangeOwnPassword } from '../api/change-own-password.ts';
import { useFormValues } from '../../../lib/form-values.ts';

/**
 * Cambia password, for every signed-in user: the current password, then the new one twice, by the
 * rule of new passwords. `required`: the account must choose one before anything else (its
 * password no longer meets the rule); the dialog then cannot be dismissed, only left by logging
 * out, and once the password is changed `onChanged` runs (by default the stored profile forgets the duty).
 */
export function ChangePasswordModal({
  onClose,
  required = false,
  onChanged = () => setPasswordChangeRequired(false),
}: {
  onClose: () => void;
  required?: boolean;
  onChanged?: () => void;
}) {
  const { values, setErrors, field } = useFormValues({ attuale: '', nuova: '', conferma: '' });
  const change = useChangeOwnPassword();
  const username = useUser()?.username;
  usePasswordRule();

  const submit = async () => {
    const result = await checkPasswordForm(ownPasswordFor(username), values);
    if ('errors' in result) return setErrors(result.errors);
    if (values.conferma !== values.nuova) return setErrors({ conferma: SESSION_MSG.passwordsDiffer });
    if (!(await withToasts(change.mutateAsync(result.data), { success: SESSION_MSG.passwordChanged }))) return;
    if (required) onChanged();
    else onClose();
  };

  return (
    <FormModal
      title={required ? 'Scegli una nuova password' : 'Cambia password'}
      submitLabel="Cambia password"
      busy={change.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
      cancelLabel={required ? 'Logout' : 'Annulla'}
      dismissible={!required}
    >
      {required && (
        <Alert variant="warning" className="py-2">
          {PASSWORD_MSG.changeRequiredIntro}
        </Alert>
      )}
      <TextField label="Password attuale" type="password" autoComplete="current-password" {...field('attuale', 'own-current')} autoFocus />
      <TextField
        label="Nuova password"
        type="password"
        autoComplete="new-password"
        {...field('nuova', 'own-new')}
        hint={PASSWORD_MSG.hint}
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <TextField
        label="Ripeti la nuova password"
        type="password"
        autoComplete="new-password"
        {...field('conferma', 'own-confirm')}
        maxLength={PASSWORD_MAX_LENGTH}
      />
    </FormModal>
  );
}
