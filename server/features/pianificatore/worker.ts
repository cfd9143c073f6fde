/**
 * The Pianificatore's worker thread (docs/decisions/0040-pianificatore-solver.md): the greedy construction and the
 * HiGHS solve run here, so the server's event loop keeps answering while a proposal is prepared. It receives a
 * PlanInput and the seconds allowed, posts progress (0–1) now and then, and one answer (or an Italian error) at the end.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { explainMissing, type NewActivity, type PlanInput } from './model.ts';
import { solveWeek, type Formulazione } from './mip.ts';

export interface WorkerJob {
  input: PlanInput;
  secondi: number;
  formulazione?: Formulazione;
}

export type WorkerMessage =
  | { tipo: 'avanzamento'; valore: number }
  | {
      tipo: 'fatto';
      aggiunte: NewActivity[];
      rimosse: number[];
      nonCoperte: ReturnType<typeof explainMissing>;
      required: number;
      covered: number;
      before: number;
      bound: number;
      greedyCovered: number;
      firstFeasible: number;
      mipFirst: number | null;
      total: number;
    }
  | { tipo: 'errore'; messaggio: string };

export async function runJob(job: WorkerJob, post: (m: WorkerMessage) => void): Promise<void> {
  const out = await solveWeek(job.input, {
    secondi: job.secondi,
    formulazione: job.formulazione,
    onProgress: (valore) => post({ tipo: 'avanzamento', valore }),
  });
  const result = out.state.result();
  post({
    tipo: 'fatto',
    aggiunte: result.aggiunte,
    rimosse: result.rimosse,
    nonCoperte: explainMissing(out.state),
    required: out.required,
    covered: out.covered,
    before: out.before,
    bound: out.bound,
    greedyCovered: out.greedyCovered,
    firstFeasible: out.firstFeasible,
    mipFirst: out.mipFirst,
    total: out.total,
  });
}

if (parentPort && workerData && (workerData as { pianificatore?: boolean }).pianificatore) {
  const port = parentPort;
  const job = (workerData as { job: WorkerJob }).job;
  runJob(job, (m) => port.postMessage(m)).catch((err: unknown) => {
    port.postMessage({ tipo: 'errore', messaggio: err instanceof Error ? err.message : String(err) } satisfies WorkerMessage);
  });
}
