import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { isRealDate, todayLocal } from '../../../common/dates.ts';
import { paths } from '../../../common/paths.ts';
import { AgendaView } from '../../features/agenda/components/agenda-view.tsx';
import type { AgendaSpan } from '../../features/agenda/agenda-days.ts';
import { useLoadCentreName } from '../../features/impostazioni/api/settings.ts';
import { lazyChunk } from '../../lib/lazy-chunk.ts';
import { useUrlParams } from '../../lib/use-url-params.ts';

// A run's stops (features/trasporti): a chunk of their own, loaded with the first run shown.
const RunStops = lazyChunk(() => import('../../features/trasporti/components/agenda-run-stops.tsx'));
const runDetails = (day: string, runId: number) => (
  <Suspense fallback={null}>
    <RunStops day={day} runId={runId} />
  </Suspense>
);

/**
 * Loaded lazily by the router: /agenda?tipo=terapista|paziente&id=N&data=yyyy-mm-dd&vista=giorno|settimana.
 * Everything lives in the URL, so a link or a reload opens the same person, day and view.
 */
export function Component() {
  const [params, onChange] = useUrlParams();
  const loadCentreName = useLoadCentreName();
  const tipo = params.get('tipo');
  const id = Number(params.get('id'));
  if ((tipo !== 'paziente' && tipo !== 'terapista') || !Number.isSafeInteger(id) || id < 1) return <Navigate to={paths.calendar} replace />;
  const rawDay = params.get('data');
  const day = rawDay && isRealDate(rawDay) ? rawDay : todayLocal();
  const span: AgendaSpan = params.get('vista') === 'settimana' ? 'settimana' : 'giorno';
  return (
    <AgendaView
      key={`${tipo}-${id}`}
      tipo={tipo}
      id={id}
      day={day}
      span={span}
      onChange={onChange}
      loadCentreName={loadCentreName}
      runDetails={runDetails}
    />
  );
}
