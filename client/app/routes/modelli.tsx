import { ModelliView } from '../../features/modelli/components/modelli-view.tsx';

/** Loaded lazily by the router: every signed-in account reads the templates, administrators get the write controls. */
export function Component() {
  return <ModelliView />;
}
