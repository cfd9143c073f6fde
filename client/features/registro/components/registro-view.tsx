import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import '../registro.css';
import { isRegistroTab, REGISTRO_TABS, type RegistroState, type RegistroTab } from '../registro-state.ts';
import { AccessesTab } from './accesses-tab.tsx';
import { ChangesTab } from './changes-tab.tsx';

interface Props {
  state: RegistroState;
  onChange: (changes: Partial<RegistroState>) => void;
}

/** Registro (administrators): two tabs; only the open one is mounted, so only its data is fetched. */
export function RegistroView({ state, onChange }: Props) {
  const content: Record<RegistroTab, ReactNode> = {
    modifiche: <ChangesTab state={state} onChange={onChange} />,
    accessi: <AccessesTab state={state} onChange={onChange} />,
  };
  return (
    <div className="tabbed-page registro">
      <h1 className="h3 mb-1">Registro</h1>
      <p className="text-muted small mb-3">Chi ha cambiato, esportato o consultato i dati, e quando.</p>
      <Tabs
        id="registro-tabs"
        activeKey={state.tab}
        onSelect={(key) => isRegistroTab(key) && onChange({ tab: key })}
        mountOnEnter
        unmountOnExit
        className="registro-tabs"
      >
        {REGISTRO_TABS.map((t) => (
          <Tab key={t.key} eventKey={t.key} title={t.title}>
            {content[t.key]}
          </Tab>
        ))}
      </Tabs>
    </div>
  );
}
