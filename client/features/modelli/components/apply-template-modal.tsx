import { useState } from 'react';
import { addDays, MONTHS_IT, todayLocal, workWeek } from '../../../../common/dates.ts';
import { MODELLI_MSG } from '../../../../common/modelli.ts';
import { MAX_APPLY_WEEKS, useApplyModello, useModelli, withProgress, type Esistenti, type WeekWriteResult } from '../api/modelli.ts';
import { EsistentiChoice } from './esistenti-choice.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { SelectField } from '../../../components/text-field.tsx';
import { useFormValues } from '../../../lib/form-values.ts';
import { WeekResultModal } from './week-result-modal.tsx';
import { useReplaceQuestion } from './use-replace-question.tsx';
import { actionToast } from '../../../lib/action-toast.tsx';
import { useUndoAction } from '../../../lib/undo.ts';

/** How many Mondays the first-week list offers, from this week's. */
const MONDAYS_OFFERED = 53;

/** "lunedì 30 novembre 2026". */
export const mondayLabel = (monday: string) => {
  const [y, m, d] = monday.split('-').map(Number);
  return `lunedì ${d} ${MONTHS_IT[m - 1]} ${y}`;
};

/** The Mondays a template may start from: this week's and the next ones. */
export function upcomingMondays(today: string, count = MONDAYS_OFFERED): string[] {
  const first = workWeek(today)[0];
  return Array.from({ length: count }, (_, i) => addDays(first, 7 * i));
}

/** The range Applica modello sends: Monday of the first week to Saturday of the last (a day out of Mon–Sat is never listed). */
export const applyRange = (monday: string, weeks: number) => ({ dal: monday, al: addDays(monday, 7 * weeks - 2) });

interface Props {
  /** The template chosen at first (from the Modelli list). */
  templateId?: number;
  /** The first week suggested (the weekly screen suggests the week after the one shown). */
  firstMonday?: string;
  onClose: () => void;
}

/** Applica modello: which template, from which Monday, for how many weeks, and what to do with days already planned; then the summary. */
export function ApplyTemplateModal({ templateId, firstMonday, onClose }: Props) {
  const list = useModelli();
  const apply = useApplyModello();
  const mondays = upcomingMondays(todayLocal());
  const { values, setErrors, field } = useFormValues({ modello: templateId ? String(templateId) : '' });
  const [monday, setMonday] = useState(firstMonday && mondays.includes(firstMonday) ? firstMonday : mondays[1]);
  const [weeks, setWeeks] = useState(4);
  const [esistenti, setEsistenti] = useState<Esistenti>('salta');
  const [result, setResult] = useState<{ title: string; answer: WeekWriteResult } | null>(null);
  const modelli = list.data?.modelli ?? [];
  const { dialog, confirmReplace } = useReplaceQuestion();
  const undoAction = useUndoAction();
  const [asking, setAsking] = useState(false);

  if (result) return <WeekResultModal title={result.title} giorni={result.answer.giorni} onClose={onClose} />;

  const submit = async () => {
    const chosen = modelli.find((m) => String(m.ID) === values.modello);
    if (!chosen) return setErrors({ modello: MODELLI_MSG.chooseTemplate });
    const range = applyRange(monday, weeks);
    if (esistenti === 'sostituisci') {
      setAsking(true);
      const go = await confirmReplace(range.dal, range.al, list.data?.sabato ?? false);
      setAsking(false);
      if (!go) return;
    }
    const answer = await withProgress(apply.mutateAsync({ modello: chosen.ID, ...range, esistenti }), MODELLI_MSG.applying);
    if (!answer) return;
    const title = `Modello «${chosen.nome}» applicato`;
    if (answer.operazione !== null) actionToast(title, undoAction(answer.operazione, 'operazione'));
    setResult({ title, answer });
  };

  return (
    <>
      {dialog}
      <FormModal
        title="Applica modello"
        submitLabel="Applica"
        busy={apply.isPending || asking}
        onSubmit={() => void submit()}
        onClose={onClose}
      >
        <SelectField
          label="Modello"
          {...field('modello', 'apply-template')}
          disabled={list.isPending}
          hint={list.isSuccess && modelli.length === 0 ? MODELLI_MSG.noTemplates : undefined}
          options={
            <>
              <option value="">{list.isPending ? 'Caricamento…' : 'Scegli…'}</option>
              {modelli.map((m) => (
                <option key={m.ID} value={m.ID}>
                  {m.nome}
                </option>
              ))}
            </>
          }
        />
        <SelectField
          id="apply-from"
          label="Dalla settimana di"
          value={monday}
          onChange={setMonday}
          options={mondays.map((m) => (
            <option key={m} value={m}>
              {mondayLabel(m)}
            </option>
          ))}
        />
        <SelectField
          id="apply-weeks"
          label="Per quante settimane"
          value={String(weeks)}
          onChange={(value) => setWeeks(Number(value))}
          hint={`Ultima settimana: ${mondayLabel(addDays(monday, 7 * (weeks - 1)))}`}
          options={Array.from({ length: MAX_APPLY_WEEKS }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n === 1 ? '1 settimana' : `${n} settimane`}
            </option>
          ))}
        />
        <EsistentiChoice name="apply-existing" value={esistenti} onChange={setEsistenti} />
      </FormModal>
    </>
  );
}
