/** The Modelli screen's own writes (administrators): rename, duplicate, delete; the list and the other writes are in modelli.ts. */
import type { TemplateCreated, TemplateDuplicateInput, TemplateRenameInput } from '../../../../common/modelli.ts';
import { api } from '../../../lib/api-client.ts';
import { useWeekPlanMutation } from './modelli.ts';

export const renameModello = (body: TemplateRenameInput) => api.post<unknown>('/modelli/update', body);
export const duplicateModello = (body: TemplateDuplicateInput) => api.post<TemplateCreated>('/modelli/duplica', body);
/** Deletes the template and the plan of its week. */
export const deleteModello = (ID: number) => api.post<unknown>('/modelli/elimina', { ID });

export const useRenameModello = () => useWeekPlanMutation(renameModello);
export const useDuplicateModello = () => useWeekPlanMutation(duplicateModello);
export const useDeleteModello = () => useWeekPlanMutation(deleteModello);
