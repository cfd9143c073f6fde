import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { agendaOf, paths, withDay } from '../../common/paths.ts';
import { lazyDialog } from '../components/lazy-dialog.tsx';
import { LiveStatus } from '../features/live/components/live-status.tsx';
import { useLiveUpdates } from '../features/live/use-live-updates.ts';
import { useAuthCheck } from '../features/session/api/auth-check.ts';
import { useLogout } from '../features/session/api/logout.ts';
import { A11Y_MSG } from '../../common/messages.ts';
import { useModalFocusTrap } from '../lib/modal-focus-trap.ts';
import { endSessionIfRefused, isAdmin, linkedTherapist, sessionEndedAt, setUser, useUser } from '../lib/session.ts';

/** Its own chunk (with the password rules and zod), loaded when it opens. */
const ChangePasswordModal = lazyDialog(() =>
  import('../features/session/components/change-password-modal.tsx').then((m) => m.ChangePasswordModal),
);

/**
 * The signed-in screens: redirect to / without a user. A session the server ended (at the auth
 * check or any other call) signs out and goes to /login?ritorno=<this screen>, so signing in again
 * returns to the same screen and day.
 */
export function AppLayout() {
  const user = useUser();
  const navigate = useNavigate();
  const auth = useAuthCheck(!!user);
  const logout = useLogout({ onSettled: () => navigate(paths.home, { replace: true }) });
  const [changingPassword, setChangingPassword] = useState(false);
  // The phone's menu: closed again when a section is chosen or the screen changes.
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // The displayed day travels between the calendar and Anagrafiche (its Uscite tab opens on it).
  const day = useSearchParams()[0].get('data');
  // An account that must choose a new password sees only that form (every other call is refused meanwhile).
  const mustChangePassword = user?.cambiopassword === true;
  // Other people's changes reach every open screen; closed at logout and when the layout goes.
  const live = useLiveUpdates(!!user && !mustChangePassword);
  useModalFocusTrap();
  const myTherapist = linkedTherapist(user);
  // Active only on this account's own agenda, not on a colleague's or a patient's.
  const search = new URLSearchParams(useLocation().search);
  const onMyAgenda =
    pathname === paths.agenda && search.get('tipo') === 'terapista' && myTherapist !== null && search.get('id') === String(myTherapist);

  useEffect(() => {
    endSessionIfRefused(auth.error);
  }, [auth.error]);

  useEffect(() => {
    // The server is the authority on the role: a changed Admin value replaces the stored one.
    const fresh = auth.data?.[0];
    if (fresh && user && (fresh.ID !== user.ID || fresh.Admin !== user.Admin || fresh.username !== user.username)) setUser(fresh);
    // The account's link to a therapist ("La mia agenda") may have changed in Anagrafiche.
    else if (fresh && user && fresh.terapista !== undefined && linkedTherapist(fresh) !== linkedTherapist(user)) setUser(fresh);
    // So may the duty to choose a new password (set at this sign-in, or ended in another tab).
    else if (fresh && user && (fresh.cambiopassword === true) !== (user.cambiopassword === true)) setUser(fresh);
  }, [auth.data, user]);

  if (!user) {
    const endedAt = sessionEndedAt();
    return <Navigate to={endedAt ? `${paths.login}?ritorno=${encodeURIComponent(endedAt)}` : paths.home} replace />;
  }
  if (mustChangePassword) {
    return (
      <Container as="main" id="contenuto" className="py-4">
        <h1 className="visually-hidden">Scegli una nuova password</h1>
        {/* The server is the authority: its fresh answer (effect above) lets the screens back. */}
        <ChangePasswordModal required onClose={() => logout.mutate()} onChanged={() => void auth.refetch()} />
      </Container>
    );
  }
  const onCalendar = pathname === paths.calendar;
  return (
    <>
      <a
        href={onCalendar ? '#calendario-giornata' : '#contenuto'}
        className="skip-link visually-hidden-focusable"
        onClick={(e) => {
          // Focus moves to the day's table (or the screen's content) without adding a #fragment to the history.
          e.preventDefault();
          const target = document.getElementById('calendario-giornata') ?? document.getElementById('contenuto');
          target?.focus();
        }}
      >
        {onCalendar ? A11Y_MSG.skipToCalendar : A11Y_MSG.skipToContent}
      </a>
      {/* On a phone (below 576 px) the bar is one line (the name, the live status and a menu button); the sections and
          the account's buttons open below it. */}
      {/* Bootstrap's navbar in its own markup: react-bootstrap's Navbar brings its Offcanvas and modal manager into the
          first visit (docs/decisions/0036-first-visit-budget.md). */}
      <header className="app-navbar mb-3 navbar navbar-expand-sm bg-dark" data-bs-theme="dark">
        {/* The navigation landmark react-bootstrap's Navbar gave its header, on an element that may have it. */}
        <Container fluid className="gap-2" role="navigation" aria-label="Barra di Giornata">
          <Link to={withDay(paths.calendar, day)} className="fw-semibold me-1 navbar-brand">
            Giornata
          </Link>
          <div className="d-sm-none ms-auto">
            <LiveStatus down={live.down} />
          </div>
          <button
            type="button"
            aria-controls="menu-principale"
            aria-expanded={menuOpen}
            aria-label="Menu"
            className={menuOpen ? 'app-menu-toggle navbar-toggler' : 'app-menu-toggle navbar-toggler collapsed'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="menu-principale" className={menuOpen ? 'gap-2 navbar-collapse collapse show' : 'gap-2 navbar-collapse collapse'}>
            <nav aria-label="Sezioni" className="navbar-nav flex-sm-row flex-wrap gap-1" onClick={() => setMenuOpen(false)}>
              {myTherapist !== null && (
                <Link
                  className={onMyAgenda ? 'nav-link px-2 active' : 'nav-link px-2'}
                  aria-current={onMyAgenda ? 'page' : undefined}
                  to={agendaOf('terapista', myTherapist, day)}
                >
                  La mia agenda
                </Link>
              )}
              {pathname !== paths.calendar && (
                <NavLink className="nav-link px-2" to={withDay(paths.calendar, day)}>
                  Calendario
                </NavLink>
              )}
              {pathname !== paths.presenze && (
                <NavLink className="nav-link px-2" to={withDay(paths.presenze, day)}>
                  Presenze
                </NavLink>
              )}
              {isAdmin(user) && pathname !== paths.anagrafiche && (
                <NavLink className="nav-link px-2" to={withDay(paths.anagrafiche, day)}>
                  Anagrafiche
                </NavLink>
              )}
              {isAdmin(user) && pathname !== paths.registro && (
                <NavLink className="nav-link px-2" to={paths.registro}>
                  Registro
                </NavLink>
              )}
              {isAdmin(user) && pathname !== paths.modelli && (
                <NavLink className="nav-link px-2" to={paths.modelli}>
                  Modelli
                </NavLink>
              )}
              {isAdmin(user) && pathname !== paths.rendicontazione && (
                <NavLink className="nav-link px-2" to={paths.rendicontazione}>
                  Rendicontazione
                </NavLink>
              )}
            </nav>
            <div className="d-flex align-items-center flex-wrap gap-2 ms-sm-auto pb-2 pb-sm-0">
              <div className="d-none d-sm-block">
                <LiveStatus down={live.down} />
              </div>
              <span className="text-light small text-truncate user-name" title={user.username}>
                {user.username}
              </span>
              {isAdmin(user) && (
                <Badge bg="info" text="dark">
                  amministratore
                </Badge>
              )}
              <Button
                variant="outline-light"
                size="sm"
                onClick={() => {
                  setMenuOpen(false);
                  setChangingPassword(true);
                }}
                aria-label="Cambia password"
                title="Cambia password"
              >
                <span className="d-none d-md-inline">Cambia password</span>
                <span className="d-md-none">Password</span>
              </Button>
              <Button variant="outline-light" size="sm" onClick={() => logout.mutate()} disabled={logout.isPending}>
                Logout
              </Button>
            </div>
          </div>
        </Container>
      </header>
      <Container fluid as="main" className="pb-4" id="contenuto" tabIndex={-1}>
        <Outlet />
      </Container>
      {changingPassword && <ChangePasswordModal onClose={() => setChangingPassword(false)} />}
    </>
  );
}
