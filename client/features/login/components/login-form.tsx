import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { MSG } from '../../../../common/messages.ts';
import { loginSchema } from '../../../../common/schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';

type Field = 'username' | 'pass';
const FIELD_MESSAGE: Record<Field, string> = { username: MSG.usernameInvalid, pass: MSG.passwordInvalid };

/** Section 5: a field holding 1 to 3 characters is marked red while typing. */
const tooShort = (value: string) => value.length >= 1 && value.length <= 3;

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const [values, setValues] = useState({ username: '', pass: '' });
  const [submitErrors, setSubmitErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const loginMutation = useLogin({ onSuccess });

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setSubmitErrors((e) => ({ ...e, [field]: undefined }));
    setFailure(null);
  };

  const errorOf = (field: Field): string | undefined =>
    submitErrors[field] ?? (tooShort(values[field]) ? FIELD_MESSAGE[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      const errors: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        errors[field] ??= issue.message;
      }
      setSubmitErrors(errors);
      return;
    }
    setFailure(null);
    loginMutation.mutate(parsed.data, {
      onError: (error) => {
        // 401 is section 8's failure; a refusal with another message (too many attempts) is shown as the server wrote it.
        setFailure(error instanceof ApiError && error.status !== 401 && error.status !== 400 ? error.message : MSG.loginFailed);
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
              aria-describedby="login-username-feedback"
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
              aria-describedby="login-password-feedback"
            />
            <Form.Control.Feedback type="invalid" id="login-password-feedback">
              {errorOf('pass')}
            </Form.Control.Feedback>
          </Form.Group>
          {failure && (
            <Alert variant="danger" role="alert" className="py-2">
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
