import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import '../presenze.css';
import { AbsencesTab } from './absences-tab.tsx';
import { ClosingDaysTab } from './closing-days-tab.tsx';
import { RegisterTab } from './register-tab.tsx';
import { RollCallTab } from './roll-call-tab.tsx';

export const PRESENZE_TABS = [
  { key: 'appello', title: 'Appello' },
  { key: 'registro', title: 'Registro mensile' },
  { key: 'assenze', title: 'Assenze' },
  { key: 'chiusure', title: 'Chiusure' },
  { key: 'trasporti', title: 'Trasporti del mese' },
] as const;
export type PresenzeTab = (typeof PRESENZE_TABS)[number]['key'];
export const isPresenzeTab = (value: string | null): value is PresenzeTab => PRESENZE_TABS.some((t) => t.key === value);

/** What the screen shows, all of it kept in the URL. */
export interface PresenzeState {
  tab: PresenzeTab;
  /** The roll call's day. */
  day: string;
  /** The register's month, yyyy-mm. */
  month: string;
  /** The absences' range. */
  from: string;
  to: string;
  /** The closing days' year. */
  year: number;
}

interface Props {
  state: PresenzeState;
  onChange: (changes: Partial<PresenzeState>) => void;
  /** Administrators: Trasporti del mese for the register's month (features/trasporti, through the route); no tab without it. */
  trasportiTab?: (month: string, onMonthChange: (month: string) => void) => ReactNode;
}

/** Presenze: four tabs (five for administrators, with Trasporti del mese); only the open one is mounted, so only its data is fetched. */
export function PresenzeView({ state, onChange, trasportiTab }: Props) {
  const content: Record<PresenzeTab, ReactNode> = {
    appello: <RollCallTab day={state.day} onDayChange={(day) => onChange({ day })} />,
    registro: <RegisterTab month={state.month} onMonthChange={(month) => onChange({ month })} />,
    assenze: <AbsencesTab from={state.from} to={state.to} onRangeChange={(from, to) => onChange({ from, to })} />,
    chiusure: <ClosingDaysTab year={state.year} onYearChange={(year) => onChange({ year })} />,
    trasporti: trasportiTab?.(state.month, (month) => onChange({ month })),
  };
  const tabs = PRESENZE_TABS.filter((t) => t.key !== 'trasporti' || trasportiTab);
  return (
    <div className="tabbed-page presenze">
      <h1 className="h3 mb-3">Presenze</h1>
      <Tabs
        id="presenze-tabs"
        activeKey={state.tab}
        onSelect={(key) => isPresenzeTab(key) && onChange({ tab: key })}
        mountOnEnter
        unmountOnExit
        className="presenze-tabs mb-3"
      >
        {tabs.map((t) => (
          <Tab key={t.key} eventKey={t.key} title={t.title}>
            {content[t.key]}
          </Tab>
        ))}
      </Tabs>
    </div>
  );
}
