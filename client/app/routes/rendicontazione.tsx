import { Navigate } from 'react-router';
import { paths } from '../../../common/paths.ts';
import { FlussiView } from '../../features/flussi/components/flussi-view.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { isAdmin, useUser } from '../../lib/session.ts';

/** Loaded lazily by the router: administrators only (anyone else goes to the calendar; the server answers 403 anyway). */
export function Component() {
  const user = useUser();
  usePageTitle('Rendicontazione');
  if (!isAdmin(user)) return <Navigate to={paths.calendar} replace />;
  return <FlussiView />;
}
