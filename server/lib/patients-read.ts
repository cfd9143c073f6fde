/**
 * A read that returns named patients (a search, a list, the conflicts of a range, a page of the
 * registro) is logged in the access log under each patient it returns: one entry per patient per
 * read, so "Accessi a" finds it (docs/decisions/0011-audit-log.md). A read that returned no one is
 * still remembered as having happened, under no patient.
 */
import type { FastifyRequest } from 'fastify';
import { recordAccess, type AccessEntry } from './access-log.ts';

export function recordPatientsRead(request: FastifyRequest, entry: Omit<AccessEntry, 'patientId'>, patientIds: Iterable<number>) {
  const ids = new Set(patientIds);
  if (ids.size === 0) recordAccess(request, entry);
  for (const patientId of ids) recordAccess(request, { ...entry, patientId });
}
