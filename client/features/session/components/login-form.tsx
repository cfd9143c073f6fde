import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { ERROR_CODES } from '../../../../common/errors.ts';
import { MSG } from '../../../../common/messages.ts';
import { checkLogin } from '../../../../common/text-rules.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { FieldErrors } from '../../../lib/form-check.ts';
import { useLogin } from '../api/login.ts';

type Field = 'username' | 'pass';
const FIELD_MESSAGE: Record<Field, string> = { username: MSG.usernameInvalid, pass: MSG.passwordInvalid };

/** A field holding 1 to 3 characters is marked red while typing (both need at least 4). */
const tooShort = (value: string) => value.length >= 1 && value.length <= 3;

/** By the server's code; from a server that sends none, by the status (401 or 400). */
const refusedCredentials = (error: ApiError) =>
  error.code === undefined
    ? error.status === 401 || error.status === 400
    : error.code === ERROR_CODES.badCredentials || error.code === ERROR_CODES.invalidInput;

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [values, setValues] = useState({ username: '', pass: '' });
  const [submitErrors, setSubmitErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const loginMutation = useLogin({ onSuccess });

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setSubmitErrors((e) => ({ ...e, [field]: undefined }));
    setFailure(null);
  };

  const errorOf = (field: Field): string | undefined => submitErrors[field] ?? (tooShort(values[field]) ? FIELD_MESSAGE[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Without zod (common/text-rules.ts): the login screen is everyone's first visit.
    const checked = checkLogin(values);
    if ('errors' in checked) {
      setSubmitErrors(checked.errors);
      return;
    }
    setFailure(null);
    loginMutation.mutate(checked.data, {
      onError: (error) => {
        // Wrong credentials (or input the server refuses) read "Login fallito"; any other refusal
        // (too many attempts) or failure is shown as the server or the client wrote it.
        setFailure(error instanceof ApiError && !refusedCredentials(error) ? error.message : MSG.loginFailed);
      },
    });
  };

  const busy = loginMutation.isPending;
  return (
    <Card className="shadow-sm login-card">
      <Card.Body className="p-4">
        <h1 className="h3 mb-1 text-center">Giornata</h1>
        <p className="text-muted text-center mb-4">Accedi per vedere la giornata del centro</p>
        <Form noValidate onSubmit={submit} aria-label="Login">
          <Form.Group className="mb-3" controlId="login-username">
            <Form.Label>Username</Form.Label>
            <Form.Control
              name="username"
              autoComplete="username"
              autoFocus
              value={values.username}
              onChange={(e) => change('username', e.target.value)}
              isInvalid={!!errorOf('username') || !!failure}
              aria-invalid={!!errorOf('username') || !!failure}
              // The red border is also read: the field's own message, and the refusal of the sign-in.
              aria-describedby={failure ? 'login-username-feedback login-failure' : 'login-username-feedback'}
            />
            <Form.Control.Feedback type="invalid" id="login-username-feedback">
              {errorOf('username')}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId="login-password">
            <Form.Label>Password</Form.Label>
            <Form.Control
              type="password"
              name="pass"
              autoComplete="current-password"
              value={values.pass}
              onChange={(e) => change('pass', e.target.value)}
              isInvalid={!!errorOf('pass') || !!failure}
              aria-invalid={!!errorOf('pass') || !!failure}
              // The red border is also read: the field's own message, and the refusal of the sign-in.
              aria-describedby={failure ? 'login-password-feedback login-failure' : 'login-password-feedback'}
            />
            <Form.Control.Feedback type="invalid" id="login-password-feedback">
              {errorOf('pass')}
            </Form.Control.Feedback>
          </Form.Group>
          {failure && (
            <Alert variant="danger" role="alert" id="login-failure" className="py-2">
              {failure}
            </Alert>
          )}
          <Button type="submit" className="w-100" disabled={busy}>
            {busy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            Login
          </Button>
        </Form>
      </Card.Body>
    </Card>
  );
}
