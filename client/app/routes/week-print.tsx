import { Suspense } from 'react';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { useSearchParams } from 'react-router';
import { mondayOf, todayLocal } from '../../../common/dates.ts';
import { isTemplateDay } from '../../../common/modelli.ts';
import { useLoadPrintSettings } from '../../features/impostazioni/api/settings.ts';
import { WeekPlanActions } from '../../features/modelli/components/week-plan-actions.tsx';
import { ProponiSettimana } from '../../features/pianificatore/components/proponi-settimana.tsx';
import { WeekPrintView } from '../../features/week-print/components/week-print-view.tsx';
import { longItalianDate } from '../../lib/italian-date.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { isAdmin, useUser } from '../../lib/session.ts';
import { InvalidDay } from './invalid-day.tsx';
import { useDayParam } from './use-day-param.ts';
import { lazyChunk } from '../../lib/lazy-chunk.ts';

// The Copertura tab (features/progetti) is its own chunk, fetched when the tab is opened.
const CoverageView = lazyChunk(() =>
  import('../../features/progetti/components/coverage-view.tsx').then((m) => ({ default: m.CoverageView })),
);

/**
 * Loaded lazily by the router: the week print and its PDF code stay out of the first download. Administrators get
 * Modelli's whole-week writes (save as template, copy and paste the week, apply a template) above a real week, and
 * from this week on the Pianificatore's Proponi settimana.
 * A real week has two tabs (?vista=): the rooms (Stanze, the week print) and the coverage of the progetti (Copertura).
 */
export function Component() {
  const [day, setDay, invalid] = useDayParam();
  const [params, setParams] = useSearchParams();
  const admin = isAdmin(useUser());
  const loadPrintSettings = useLoadPrintSettings();
  const coverage = params.get('vista') === 'copertura';
  usePageTitle(coverage ? 'Copertura' : 'Stampa settimanale', `settimana di ${longItalianDate(day)}`);
  if (invalid !== null) return <InvalidDay value={invalid} onToday={setDay} />;
  const monday = mondayOf(day);
  // The Pianificatore plans this week or a later one (a past week is history, not a plan).
  const planner = monday >= mondayOf(todayLocal()) ? <ProponiSettimana monday={monday} /> : undefined;
  const actions = admin && !isTemplateDay(monday) ? <WeekPlanActions monday={monday} extra={planner} /> : undefined;
  const view = (vista: 'stanze' | 'copertura') =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (vista === 'copertura') next.set('vista', vista);
      else next.delete('vista');
      return next;
    });
  const print = <WeekPrintView day={day} actions={actions} loadPaper={() => loadPrintSettings().then((s) => s.paper)} />;
  if (isTemplateDay(monday)) return print;
  return (
    <>
      <Nav variant="tabs" className="week-tabs mb-3" as="ul">
        <Nav.Item as="li">
          <Nav.Link
            as="button"
            type="button"
            active={!coverage}
            aria-current={!coverage ? 'page' : undefined}
            onClick={() => view('stanze')}
          >
            Stanze
          </Nav.Link>
        </Nav.Item>
        <Nav.Item as="li">
          <Nav.Link
            as="button"
            type="button"
            active={coverage}
            aria-current={coverage ? 'page' : undefined}
            onClick={() => view('copertura')}
          >
            Copertura
          </Nav.Link>
        </Nav.Item>
      </Nav>
      {coverage ? (
        <>
          <Suspense
            fallback={
              <div className="text-center py-5">
                <Spinner role="status" aria-label="Caricamento della copertura" />
              </div>
            }
          >
            <CoverageView monday={monday} />
          </Suspense>
        </>
      ) : (
        print
      )}
    </>
  );
}
