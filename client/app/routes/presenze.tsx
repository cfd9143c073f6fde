import { Suspense } from 'react';
import { useLoadCentreName } from '../../features/impostazioni/api/settings.ts';
import { isAdmin, useUser } from '../../lib/session.ts';
import { isRealDate, todayLocal } from '../../../common/dates.ts';
import { isPresenzeTab, PRESENZE_TABS, PresenzeView, type PresenzeState } from '../../features/presenze/components/presenze-view.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { firstDay, isMonth, lastDay, monthOf } from '../../lib/months.ts';
import { lazyChunk } from '../../lib/lazy-chunk.ts';
import { useUrlParams } from '../../lib/use-url-params.ts';

// Trasporti del mese (features/trasporti): a chunk of its own, for administrators.
const TrasportiMeseTab = lazyChunk(() => import('../../features/trasporti/components/trasporti-mese-tab.tsx'));

/**
 * Loaded lazily by the router: any signed-in user (administrators get the write controls).
 * The open tab and what each tab shows live in the URL: ?scheda=appello&data=yyyy-mm-dd (the calendar's
 * day, so the bar's link opens the roll call of the day being planned), &mese=yyyy-mm, &dal=…&al=…, &anno=yyyy.
 */
export function Component() {
  const [params, update] = useUrlParams();
  const admin = isAdmin(useUser());
  const loadCentreName = useLoadCentreName();
  const date = (key: string) => {
    const value = params.get(key);
    return value && isRealDate(value) ? value : null;
  };
  const today = todayLocal();
  const day = date('data') ?? today;
  const rawMonth = params.get('mese');
  const month = isMonth(rawMonth) ? rawMonth : monthOf(day);
  const rawTab = params.get('scheda');
  const rawYear = Number(params.get('anno'));
  const state: PresenzeState = {
    tab: isPresenzeTab(rawTab) && (rawTab !== 'trasporti' || admin) ? rawTab : 'appello',
    day,
    month,
    from: date('dal') ?? firstDay(monthOf(today)),
    to: date('al') ?? lastDay(monthOf(today)),
    year: Number.isInteger(rawYear) && rawYear >= 1900 && rawYear <= 2999 ? rawYear : Number(today.slice(0, 4)),
  };
  usePageTitle('Presenze', PRESENZE_TABS.find((t) => t.key === state.tab)?.title);
  const keys: Record<keyof PresenzeState, string> = { tab: 'scheda', day: 'data', month: 'mese', from: 'dal', to: 'al', year: 'anno' };
  const onChange = (changes: Partial<PresenzeState>) =>
    update(Object.fromEntries(Object.entries(changes).map(([key, value]) => [keys[key as keyof PresenzeState], String(value)])));
  const trasportiTab = (month: string, onMonthChange: (month: string) => void) => (
    <Suspense fallback={null}>
      <TrasportiMeseTab month={month} onMonthChange={onMonthChange} loadCentreName={loadCentreName} />
    </Suspense>
  );
  return <PresenzeView state={state} onChange={onChange} trasportiTab={admin ? trasportiTab : undefined} />;
}
