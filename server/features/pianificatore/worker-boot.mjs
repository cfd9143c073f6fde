// The Pianificatore's worker thread starts here: Node 20 does not run a worker's `--import` hooks, so the TypeScript
// loader (tsx, as `npm start` uses) is registered in the thread itself before the worker's code is imported.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
