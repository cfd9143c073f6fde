import { createBrowserRouter, RouterProvider } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';
import { paths } from '../../common/paths.ts';
import { AppLayout } from './app-layout.tsx';
import { CalendarRoute } from './routes/calendar.tsx';
import { LoginRoute } from './routes/login.tsx';
import { notFoundLoader } from './routes/not-found.tsx';

/**
 * Every route of the web app (docs/product.md, Schermate). The week print,
 * Presenze, Anagrafiche and the Registro are separate chunks: the first visit downloads only the calendar.
 */
export const routes = [
  {
    errorElement: <ErrorScreen />,
    children: [
      { path: paths.home, element: <LoginRoute /> },
      { path: paths.login, element: <LoginRoute /> },
      {
        element: <AppLayout />,
        children: [
          { path: paths.calendar, element: <CalendarRoute /> },
          { path: paths.weekPrint, lazy: () => import('./routes/week-print.tsx') },
          { path: paths.anagrafiche, lazy: () => import('./routes/anagrafiche.tsx') },
          { path: paths.presenze, lazy: () => import('./routes/presenze.tsx') },
          { path: paths.registro, lazy: () => import('./routes/registro.tsx') },
          { path: paths.agenda, lazy: () => import('./routes/agenda.tsx') },
          { path: paths.modelli, lazy: () => import('./routes/modelli.tsx') },
          { path: paths.scheda, lazy: () => import('./routes/scheda.tsx') },
        ],
      },
      { path: '*', loader: notFoundLoader, element: null },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
