import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { AccountsTab } from './accounts-tab.tsx';
import { PatientsTab } from './patients-tab.tsx';
import { RoomsTab } from './rooms-tab.tsx';
import { RunsTab } from './runs-tab.tsx';
import { TherapistsTab } from './therapists-tab.tsx';

export const REGISTRY_TABS = [
  { key: 'pazienti', title: 'Pazienti' },
  { key: 'terapisti', title: 'Terapisti' },
  { key: 'stanze', title: 'Stanze' },
  { key: 'uscite', title: 'Uscite' },
  { key: 'utenti', title: 'Utenti' },
] as const;
export type RegistryTab = (typeof REGISTRY_TABS)[number]['key'];
export const isRegistryTab = (value: string | null): value is RegistryTab => REGISTRY_TABS.some((t) => t.key === value);

interface Props {
  tab: RegistryTab;
  onTabChange: (tab: RegistryTab) => void;
  /** The day whose minibus runs the Uscite tab shows. */
  day: string;
  onDayChange: (day: string) => void;
}

/** Anagrafiche: five tabs; only the open one is mounted, so only its list is fetched. */
export function AnagraficheView({ tab, onTabChange, day, onDayChange }: Props) {
  const content: Record<RegistryTab, ReactNode> = {
    pazienti: <PatientsTab />,
    terapisti: <TherapistsTab />,
    stanze: <RoomsTab />,
    uscite: <RunsTab day={day} onDayChange={onDayChange} />,
    utenti: <AccountsTab />,
  };
  return (
    <div className="registry">
      <h1 className="h3 mb-3">Anagrafiche</h1>
      <Tabs
        id="anagrafiche-tabs"
        activeKey={tab}
        onSelect={(key) => isRegistryTab(key) && onTabChange(key)}
        mountOnEnter
        unmountOnExit
        className="registry-tabs mb-3"
      >
        {REGISTRY_TABS.map((t) => (
          <Tab key={t.key} eventKey={t.key} title={t.title}>
            {content[t.key]}
          </Tab>
        ))}
      </Tabs>
    </div>
  );
}
