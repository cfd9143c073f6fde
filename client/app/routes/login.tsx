import { Navigate, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { LoginForm } from '../../features/login/components/login-form.tsx';
import { useUser } from '../../lib/session.ts';

/** `/` and `/login`: the login screen, or the calendar for someone already signed in. */
export function LoginRoute() {
  const user = useUser();
  const navigate = useNavigate();
  if (user) return <Navigate to={paths.calendar} replace />;
  return (
    <main className="login-page">
      <LoginForm onSuccess={() => navigate(paths.home, { replace: true })} />
    </main>
  );
}
