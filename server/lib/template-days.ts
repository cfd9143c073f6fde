/**
 * One hook for every call of the calendar and of the runs that names a date: a template day
 * (years from 3000, common/modelli.ts) is taken only for a template that exists, else 404.
 * It reads the fields that carry dates in those calls' bodies and queries (already validated).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { MODELLI_MSG } from '../../common/modelli.ts';
import { templateDaysExist } from '../db/template-days.ts';
import { notFound } from './http-error.ts';

const DATE_FIELDS = ['data', 'datastart', 'datastop', 'from', 'to', 'Data'] as const;

function datesOf(...sources: unknown[]): string[] {
  const dates: string[] = [];
  for (const source of sources) {
    if (typeof source !== 'object' || source === null) continue;
    for (const field of DATE_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (typeof value === 'string') dates.push(value);
    }
  }
  return dates;
}

/** preHandler: reads may name any day of a template's week; writes (`working`) only its working days. */
export const templateDaysGuard = (db: Db, working: boolean) => async (req: FastifyRequest) => {
  if (!(await templateDaysExist(db, datesOf(req.body, req.query), working))) throw notFound(MODELLI_MSG.notFound);
};
