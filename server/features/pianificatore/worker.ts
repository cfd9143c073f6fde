/**
 * The Pianificatore's worker thread (docs/decisions/0040-pianificatore-solver.md): the greedy construction and the
 * HiGHS solve run here, so the server's event loop keeps answering while a proposal is prepared. It receives a
 * PlanInput and the seconds allowed; it posts `avvio` when it starts, progress (0–1) now and then, each plan better
 * than the last (`migliore`: the greedy one first) and one answer (or an Italian error) at the end. The server keeps the
 * last `migliore` and ends the thread at the limit if the answer is late.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { explainMissing, type NewActivity, type PlanInput } from './model.ts';
import { solveWeek, type Formulazione, type SolveOutcome } from './mip.ts';

export interface WorkerJob {
  input: PlanInput;
  secondi: number;
  formulazione?: Formulazione;
  /**
   * Tests only: after reporting the greedy plan, keep the thread busy this long, as HiGHS did when it ignored its time
   * limit for 17 s (docs/performance.md, Pianificatore), so the server's own deadline can be shown to hold.
   */
  bloccaMs?: number;
}

/** A week's plan as the worker sends it: what to add and remove, what stays uncovered, and the solve's figures. */
export type Piano = Omit<SolveOutcome, 'state' | 'status' | 'columns' | 'rows'> & {
  aggiunte: NewActivity[];
  rimosse: number[];
  nonCoperte: ReturnType<typeof explainMissing>;
};

export type WorkerMessage =
  | { tipo: 'avvio' }
  | { tipo: 'avanzamento'; valore: number }
  | ({ tipo: 'migliore' } & Piano)
  | ({ tipo: 'fatto' } & Piano)
  | { tipo: 'errore'; messaggio: string };

function pianoOf({ state, status: _status, columns: _columns, rows: _rows, ...figures }: SolveOutcome): Piano {
  const result = state.result();
  return { aggiunte: result.aggiunte, rimosse: result.rimosse, nonCoperte: explainMissing(state), ...figures };
}

export async function runJob(job: WorkerJob, post: (m: WorkerMessage) => void): Promise<void> {
  post({ tipo: 'avvio' });
  let first = true;
  const out = await solveWeek(job.input, {
    secondi: job.secondi,
    formulazione: job.formulazione,
    onProgress: (valore) => post({ tipo: 'avanzamento', valore }),
    onBest: (outcome) => {
      post({ tipo: 'migliore', ...pianoOf(outcome) });
      if (first && job.bloccaMs) {
        const until = Date.now() + job.bloccaMs;
        while (Date.now() < until) {
          // busy, as a solver deaf to its time limit
        }
      }
      first = false;
    },
  });
  post({ tipo: 'fatto', ...pianoOf(out) });
}

if (parentPort && workerData && (workerData as { pianificatore?: boolean }).pianificatore) {
  // The solver yields the cores to the server's reads: on Linux a thread has its own nice value (0 = this thread).
  try {
    setPriority(19);
  } catch {
    // not allowed here: it runs at the server's priority
  }
  const port = parentPort;
  const job = (workerData as { job: WorkerJob }).job;
  runJob(job, (m) => port.postMessage(m)).catch((err: unknown) => {
    port.postMessage({ tipo: 'errore', messaggio: err instanceof Error ? err.message : String(err) } satisfies WorkerMessage);
  });
}
