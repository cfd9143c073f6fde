import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { paths } from '../../common/paths.ts';
import { AppLayout } from './app-layout.tsx';
import { CalendarRoute } from './routes/calendar.tsx';
import { lazyChunk } from '../lib/lazy-chunk.ts';

/**
 * A screen loaded when it is first opened: its module (app/routes/<name>.tsx) exports `Component`. While its code
 * loads, the screen the user leaves stays (React Router moves between screens in a transition) and a first visit
 * shows the bar alone.
 */
function screen(load: () => Promise<{ Component: ComponentType }>): ComponentType {
  const Screen = lazyChunk(() => load().then((m) => ({ default: m.Component })));
  return function LazyScreen() {
    return (
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    );
  };
}

const Login = screen(() => import('./routes/login.tsx').then((m) => ({ Component: m.LoginRoute })));
const WeekPrint = screen(() => import('./routes/week-print.tsx'));
const Anagrafiche = screen(() => import('./routes/anagrafiche.tsx'));
const Presenze = screen(() => import('./routes/presenze.tsx'));
const Registro = screen(() => import('./routes/registro.tsx'));
const Agenda = screen(() => import('./routes/agenda.tsx'));
const Modelli = screen(() => import('./routes/modelli.tsx'));
const Scheda = screen(() => import('./routes/scheda.tsx'));
const Rendicontazione = screen(() => import('./routes/rendicontazione.tsx'));

/**
 * Every route of the web app (docs/product.md, Schermate), declared in this one place. Only the calendar is in the first
 * visit's code; every other screen is a chunk of its own, loaded when it is first opened
 * (docs/decisions/0036-first-visit-budget.md; bench/client-size.ts checks each route's first visit against its
 * budget). A new screen: a module in app/routes/ that exports `Component`, a `screen()` line below and its `<Route>`.
 */
function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.home} element={<Login />} />
      <Route path={paths.login} element={<Login />} />
      <Route element={<AppLayout />}>
        <Route path={paths.calendar} element={<CalendarRoute />} />
        <Route path={paths.weekPrint} element={<WeekPrint />} />
        <Route path={paths.anagrafiche} element={<Anagrafiche />} />
        <Route path={paths.presenze} element={<Presenze />} />
        <Route path={paths.registro} element={<Registro />} />
        <Route path={paths.agenda} element={<Agenda />} />
        <Route path={paths.modelli} element={<Modelli />} />
        <Route path={paths.scheda} element={<Scheda />} />
        <Route path={paths.rendicontazione} element={<Rendicontazione />} />
      </Route>
      {/* Any path the app does not know: the error screen with "Pagina non trovata" (the server answered 404). */}
      <Route path="*" element={<ErrorScreen notFound />} />
    </Routes>
  );
}

/** A failure while a screen renders: the error screen, until the user goes to another address. */
class ScreenErrorBoundary extends Component<{ children: ReactNode; pathname: string }, { error: unknown; pathname: string | null }> {
  state = { error: undefined as unknown, pathname: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Errore sconosciuto') };
  }

  static getDerivedStateFromProps(
    props: { pathname: string },
    state: { error: unknown; pathname: string | null },
  ): Partial<{ error: unknown; pathname: string | null }> | null {
    if (state.error === undefined) return { pathname: props.pathname };
    // Another address after the failure: its screen gets a fresh try.
    if (state.pathname !== null && state.pathname !== props.pathname) return { error: undefined, pathname: props.pathname };
    return null;
  }

  render() {
    return this.state.error === undefined ? this.props.children : <ErrorScreen error={this.state.error} />;
  }
}

function GuardedRoutes() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary pathname={pathname}>
      <AppRoutes />
    </ScreenErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <GuardedRoutes />
    </BrowserRouter>
  );
}
