import { Navigate, useNavigate, useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { agendaOf, paths } from '../../../common/paths.ts';
import { LoginForm } from '../../features/session/components/login-form.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { isPhoneScreen, linkedTherapist, safeReturnPath, useUser, type User } from '../../lib/session.ts';

/** The first screen after sign-in: on a phone, an account linked to a therapist lands on her agenda; otherwise the calendar. */
function homeOf(user: User): string {
  const therapist = linkedTherapist(user);
  return therapist !== null && isPhoneScreen() ? agendaOf('terapista', therapist) : paths.calendar;
}

/**
 * `/` and `/login`: the login screen, or the calendar for someone already signed in. After a
 * session ended by the server, `?ritorno=` holds the screen to go back to (same screen, same day).
 */
export function LoginRoute() {
  const user = useUser();
  const navigate = useNavigate();
  const returnTo = safeReturnPath(useSearchParams()[0].get('ritorno'));
  usePageTitle('Accesso');
  if (user) return <Navigate to={returnTo ?? homeOf(user)} replace />;
  return (
    <main className="login-page flex-column gap-3">
      {returnTo && (
        <Alert variant="warning" className="login-card mb-0 py-2" role="status">
          La sessione è scaduta: accedi di nuovo per tornare dove eri.
        </Alert>
      )}
      <LoginForm onSuccess={() => navigate(returnTo ?? paths.home, { replace: true })} />
    </main>
  );
}
