import { Suspense } from 'react';
import { DEFAULT_PAPER } from '../../../common/paper.ts';
import { isTemplateDay } from '../../../common/template-days.ts';
import { CalendarView, type DayPrintSlot } from '../../features/calendar/components/calendar-view.tsx';
import { DayPrintButton } from '../../features/day-print/components/day-print-button.tsx';
import { DayPrintSheet } from '../../features/day-print/components/day-print-sheet.tsx';
import { useLoadPrintSettings, useSettings } from '../../features/impostazioni/api/settings.ts';
import { longItalianDate } from '../../lib/italian-date.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { lazyChunk } from '../../lib/lazy-chunk.ts';
import { InvalidDay } from './invalid-day.tsx';
import { useDayParam } from './use-day-param.ts';

// Progetti's line is its own chunk: the first visit of the calendar downloads only the calendar.
const CoverageLine = lazyChunk(() => import('../../features/progetti/components/coverage-line.tsx'));

// The fogli di marcia (features/trasporti): a chunk of their own, beside Stampa giornata on a day with runs.
const FogliButton = lazyChunk(() => import('../../features/trasporti/components/fogli-button.tsx'));

/** Only a template day has it: Modelli's code is loaded when one opens (docs/decisions/0036-first-visit-budget.md). */
const LazyTemplateHeader = lazyChunk(() =>
  import('../../features/modelli/components/template-header.tsx').then((m) => ({ default: m.TemplateHeader })),
);
function TemplateHeader(props: { day: string; onDayChange: (day: string) => void }) {
  return (
    <Suspense fallback={null}>
      <LazyTemplateHeader {...props} />
    </Suspense>
  );
}

/**
 * A template day (docs/product.md, Modelli) is the same day grid under the template's headline and weekday tabs. A real
 * day gets Stampa giornata and the sheet the browser's own print gives (features/day-print), with the centre's name
 * and paper (features/impostazioni).
 */
export function CalendarRoute() {
  const [day, setDay, invalid] = useDayParam();
  const settings = useSettings();
  const loadPrintSettings = useLoadPrintSettings();
  // A template day is named by its weekday alone: its date in the reserved years means nothing to a coordinator.
  usePageTitle(
    isTemplateDay(day) ? 'Modello' : 'Calendario',
    isTemplateDay(day) ? longItalianDate(day).split(' ')[0] : longItalianDate(day),
  );
  if (invalid !== null) return <InvalidDay value={invalid} onToday={setDay} />;
  if (isTemplateDay(day)) return <CalendarView day={day} onDayChange={setDay} header={<TemplateHeader day={day} onDayChange={setDay} />} />;
  const print: DayPrintSlot = {
    button: (giornata, rooms) => (
      <>
        <DayPrintButton day={day} giornata={giornata} rooms={rooms} loadSettings={loadPrintSettings} />
        {giornata && giornata.uscite.length > 0 && (
          <Suspense fallback={null}>
            <FogliButton day={day} />
          </Suspense>
        )}
      </>
    ),
    sheet: (giornata, rooms) => (
      <DayPrintSheet
        day={day}
        giornata={giornata}
        rooms={rooms}
        centre={settings.data?.nomecentro ?? ''}
        paper={settings.data?.formatoCarta ?? DEFAULT_PAPER}
      />
    ),
  };
  const belowTitle = (
    <Suspense fallback={null}>
      <CoverageLine day={day} />
    </Suspense>
  );
  return <CalendarView day={day} onDayChange={setDay} print={print} belowTitle={belowTitle} />;
}
