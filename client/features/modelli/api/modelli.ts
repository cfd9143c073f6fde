/**
 * Weekly templates (modelli) and whole-week writes: the template list, Applica modello, Salva
 * settimana come modello and Incolla settimana (docs/product.md, Schermate → Modelli), used by the
 * Modelli screen, a template day's headline and the weekly screen's actions. Every write reloads
 * the calendar's days and weeks.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addDays } from '../../../../common/dates.ts';
import type {
  ApplyResult,
  DayApplied,
  ExistingChoice,
  LeftOut,
  PasteWeekInput,
  TemplateApplyInput,
  TemplateCreated,
  TemplateCreateInput,
  TemplateList,
  TemplateSummary,
} from '../../../../common/modelli.ts';
import toast from 'react-hot-toast';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';

export type Modello = TemplateSummary;
export type ModelliList = TemplateList;
export type Esistenti = ExistingChoice;
export type Escluso = LeftOut;
export type GiornoApplicato = DayApplied;
export type WeekWriteResult = ApplyResult;

/** Applica modello covers at most this many weeks (the server refuses more). */
export const MAX_APPLY_WEEKS = 26;

/** The template whose week holds `day` (Monday to Saturday), if any. */
export const templateOf = (list: Modello[] | undefined, day: string): Modello | undefined =>
  list?.find((m) => day >= m.settimana && day <= addDays(m.settimana, 5));

export const modelliQueryOptions = () => queryOptions({ queryKey: QUERY_KEYS.modelli, queryFn: () => api.get<ModelliList>('/modelli') });
export const useModelli = (enabled = true) => useQuery({ ...modelliQueryOptions(), enabled });

/** After a write of templates or weeks: the list, the days and the weeks are read again. */
const CHANGED = [QUERY_KEYS.modelli, QUERY_KEYS.day, QUERY_KEYS.week] as const;

export function useWeekPlanMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(CHANGED.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** A new template: empty, or (`dasettimana`, a Monday) holding a copy of that real week's plan. */
export const createModello = (body: TemplateCreateInput) => api.put<TemplateCreated>('/modelli', body);

export const applyModello = (body: TemplateApplyInput) => api.post<WeekWriteResult>('/modelli/applica', body);

export const pasteWeek = (body: PasteWeekInput) => api.post<WeekWriteResult>('/calendario/pasteweek', body);

export const useCreateModello = () => useWeekPlanMutation(createModello);
export const useApplyModello = () => useWeekPlanMutation(applyModello);
export const usePasteWeek = () => useWeekPlanMutation(pasteWeek);

/**
 * Runs an apply or a week paste with a progress toast that goes away once the summary dialog can say what
 * happened (a success toast would cover the dialog's title); a refusal replaces it with the server's message.
 */
export async function withProgress<T>(work: Promise<T>, progress: string): Promise<T | undefined> {
  const id = toast.loading(progress);
  try {
    const result = await work;
    toast.dismiss(id);
    return result;
  } catch (error) {
    console.error(error);
    toast.error(errorMessage(error), { id });
    return undefined;
  }
}
