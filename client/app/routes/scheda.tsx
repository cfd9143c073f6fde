import { Navigate, useSearchParams } from 'react-router';
import { isRealDate, todayLocal } from '../../../common/dates.ts';
import { paths } from '../../../common/paths.ts';
import { useLoadCentreName } from '../../features/impostazioni/api/settings.ts';
import { SchedaView } from '../../features/progetti/components/scheda-view.tsx';
import { usePageTitle } from '../../lib/page-title.ts';

/** Loaded lazily by the router: Scheda utente (?utente=, and ?data= for the week shown; today by default). */
export function Component() {
  const [params] = useSearchParams();
  const utente = Number(params.get('utente'));
  const rawDay = params.get('data');
  const day = rawDay && isRealDate(rawDay) ? rawDay : todayLocal();
  const loadCentreName = useLoadCentreName();
  usePageTitle('Scheda utente');
  if (!Number.isInteger(utente) || utente <= 0) return <Navigate to={paths.calendar} replace />;
  return <SchedaView utente={utente} day={day} loadCentreName={loadCentreName} />;
}
