import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { AccountsTab } from './accounts-tab.tsx';
import { MezziTab } from './mezzi-tab.tsx';
import { PatientsTab } from './patients-tab.tsx';
import { RoomsTab } from './rooms-tab.tsx';
import { RunsTab } from './runs-tab.tsx';
import { TherapistsTab } from './therapists-tab.tsx';
import { TypesTab } from './types-tab.tsx';

export const ANAGRAFICHE_TABS = [
  { key: 'pazienti', title: 'Pazienti' },
  { key: 'terapisti', title: 'Terapisti' },
  { key: 'stanze', title: 'Stanze' },
  { key: 'tipi', title: 'Tipi di attività' },
  { key: 'mezzi', title: 'Mezzi' },
  { key: 'uscite', title: 'Uscite' },
  { key: 'account', title: 'Account' },
  { key: 'centro', title: 'Centro' },
] as const;
export type AnagraficheTab = (typeof ANAGRAFICHE_TABS)[number]['key'];
export const isAnagraficheTab = (value: string | null): value is AnagraficheTab => ANAGRAFICHE_TABS.some((t) => t.key === value);

interface Props {
  tab: AnagraficheTab;
  onTabChange: (tab: AnagraficheTab) => void;
  /** The day whose minibus runs the Uscite tab shows. */
  day: string;
  onDayChange: (day: string) => void;
  /** The Centro tab: the centre's settings, a feature of their own (impostazioni) that the route puts here. */
  centreTab: ReactNode;
  /** Above the tabs: what the route adds (the reviews due of the progetti, features/progetti). */
  notice?: ReactNode;
  /** In the Uscite tab's toolbar, for its day: the Fogli di marcia (features/trasporti). */
  runsActions?: (day: string) => ReactNode;
}

/** Anagrafiche: eight tabs; only the open one is mounted, so only its list is fetched. */
export function AnagraficheView({ tab, onTabChange, day, onDayChange, centreTab, notice, runsActions }: Props) {
  const content: Record<AnagraficheTab, ReactNode> = {
    pazienti: <PatientsTab />,
    terapisti: <TherapistsTab />,
    stanze: <RoomsTab />,
    tipi: <TypesTab />,
    mezzi: <MezziTab />,
    uscite: <RunsTab day={day} onDayChange={onDayChange} actions={runsActions?.(day)} />,
    account: <AccountsTab />,
    centro: centreTab,
  };
  return (
    <div className="anagrafiche">
      <h1 className="h3 mb-3">Anagrafiche</h1>
      {notice}
      <Tabs
        id="anagrafiche-tabs"
        activeKey={tab}
        onSelect={(key) => isAnagraficheTab(key) && onTabChange(key)}
        mountOnEnter
        unmountOnExit
        className="anagrafiche-tabs mb-3"
      >
        {ANAGRAFICHE_TABS.map((t) => (
          <Tab key={t.key} eventKey={t.key} title={t.title}>
            {content[t.key]}
          </Tab>
        ))}
      </Tabs>
    </div>
  );
}
