import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Navbar from 'react-bootstrap/Navbar';
import { Link, Navigate, Outlet, useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { useAuthCheck } from '../features/login/api/auth-check.ts';
import { useLogout } from '../features/login/api/logout.ts';
import { ApiError } from '../lib/api-client.ts';
import { isAdmin, setUser, useUser } from '../lib/session.ts';

/** The signed-in screens: redirect to / without a user; a 403 from the auth check signs out and goes to /login. */
export function AppLayout() {
  const user = useUser();
  const navigate = useNavigate();
  const auth = useAuthCheck(!!user);
  const logout = useLogout({ onSettled: () => navigate(paths.home, { replace: true }) });

  useEffect(() => {
    if (auth.error instanceof ApiError && auth.error.status === 403) {
      setUser(null);
      navigate(paths.login, { replace: true });
    }
  }, [auth.error, navigate]);

  useEffect(() => {
    // The server is the authority on the role: a changed Admin value replaces the stored one.
    const fresh = auth.data?.[0];
    if (fresh && user && (fresh.ID !== user.ID || fresh.Admin !== user.Admin || fresh.username !== user.username)) setUser(fresh);
  }, [auth.data, user]);

  if (!user) return <Navigate to={paths.home} replace />;
  return (
    <>
      <Navbar bg="dark" data-bs-theme="dark" className="app-navbar mb-3" as="header">
        <Container fluid className="gap-2">
          <Navbar.Brand as={Link} to={paths.calendar} className="fw-semibold">
            Giornata
          </Navbar.Brand>
          <div className="d-flex align-items-center gap-2 ms-auto">
            <span className="text-light small text-truncate user-name" title={user.username}>
              {user.username}
            </span>
            {isAdmin(user) && (
              <Badge bg="info" text="dark" className="d-none d-sm-inline">
                amministratore
              </Badge>
            )}
            <Button variant="outline-light" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
              Logout
            </Button>
          </div>
        </Container>
      </Navbar>
      <Container fluid as="main" className="pb-4">
        <Outlet />
      </Container>
    </>
  );
}
