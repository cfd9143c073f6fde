import { Navigate, useSearchParams } from 'react-router';
import { todayLocal } from '../../../common/dates.ts';
import { paths } from '../../../common/paths.ts';
import { RegistroView } from '../../features/registro/components/registro-view.tsx';
import { REGISTRO_TABS, readRegistroState, writeRegistroState, type RegistroState } from '../../features/registro/registro-state.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { isAdmin, useUser } from '../../lib/session.ts';

/**
 * Loaded lazily by the router: administrators only (anyone else goes to the calendar before
 * anything is fetched; the server answers 403 anyway). The tab, the filters and the page live in the URL.
 */
export function Component() {
  const user = useUser();
  const [params, setParams] = useSearchParams();
  const state = readRegistroState(params, todayLocal());
  usePageTitle('Registro', REGISTRO_TABS.find((t) => t.key === state.tab)?.title);
  if (!isAdmin(user)) return <Navigate to={paths.calendar} replace />;
  const onChange = (changes: Partial<RegistroState>) => setParams((current) => writeRegistroState(current, changes), { replace: true });
  return <RegistroView state={state} onChange={onChange} />;
}
