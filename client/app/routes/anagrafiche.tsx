import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { isRealDate, todayLocal } from '../../../common/dates.ts';
import { paths } from '../../../common/paths.ts';
import {
  ANAGRAFICHE_TABS,
  AnagraficheView,
  isAnagraficheTab,
  type AnagraficheTab,
} from '../../features/anagrafiche/components/anagrafiche-view.tsx';
import { BackupPanel } from '../../features/backup/components/backup-panel.tsx';
import { CentreTab } from '../../features/impostazioni/components/centre-tab.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { isAdmin, useUser } from '../../lib/session.ts';
import { lazyChunk } from '../../lib/lazy-chunk.ts';
import { useUrlParams } from '../../lib/use-url-params.ts';

// The reviews due of the progetti (features/progetti), a chunk of their own.
const VerificheList = lazyChunk(() => import('../../features/progetti/components/verifiche-list.tsx'));
// The fogli di marcia (features/trasporti) in the Uscite tab.
const FogliButton = lazyChunk(() => import('../../features/trasporti/components/fogli-button.tsx'));

/**
 * Loaded lazily by the router: administrators only (anyone else goes to the
 * calendar; the server answers 403 anyway). The open tab (?scheda=) and the
 * Uscite day (?data=, shared with the calendar) live in the URL.
 */
export function Component() {
  const user = useUser();
  const [params, update] = useUrlParams();
  const rawTab = params.get('scheda');
  const tab: AnagraficheTab = isAnagraficheTab(rawTab) ? rawTab : 'pazienti';
  usePageTitle('Anagrafiche', ANAGRAFICHE_TABS.find((t) => t.key === tab)?.title);
  if (!isAdmin(user)) return <Navigate to={paths.calendar} replace />;
  const rawDay = params.get('data');
  const day = rawDay && isRealDate(rawDay) ? rawDay : todayLocal();
  return (
    <AnagraficheView
      tab={tab}
      onTabChange={(scheda) => update({ scheda })}
      day={day}
      onDayChange={(data) => update({ data })}
      centreTab={
        <>
          <CentreTab />
          <BackupPanel />
        </>
      }
      runsActions={(runsDay) => (
        <Suspense fallback={null}>
          <FogliButton day={runsDay} variant="outline-primary" />
        </Suspense>
      )}
      notice={
        <Suspense fallback={null}>
          <VerificheList />
        </Suspense>
      }
    />
  );
}
