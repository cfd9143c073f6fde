/** The calls for whoever runs the server: its metrics and its readiness (docs/api.md, "Esercizio"). */
import { z } from 'zod';
import { textAnswer } from './schemas.ts';

/** GET /server/metrics answers Prometheus' text format (text/plain; version=0.0.4), not JSON. */
export const metricsAnswer = textAnswer('text/plain');

/** GET /server/ready: 200 `pronto` when the database answers (its migrations ran before the server listened), else 503. */
export const readyAnswer = z.object({
  status: z.enum(['pronto', 'database non raggiungibile']),
  database: z.enum(['pglite', 'postgres']),
});
export type ReadyAnswer = z.infer<typeof readyAnswer>;
