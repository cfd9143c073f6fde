import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { addDays, MONTHS_IT, todayLocal, workWeek } from '../../../../common/dates.ts';
import { MODELLI_MSG } from '../../../../common/modelli.ts';
import { MAX_APPLY_WEEKS, useApplyModello, useModelli, withProgress, type Esistenti, type WeekWriteResult } from '../api/modelli.ts';
import { EsistentiChoice } from './esistenti-choice.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { WeekResultModal } from './week-result-modal.tsx';

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
  const [modello, setModello] = useState(templateId ? String(templateId) : '');
  const [monday, setMonday] = useState(firstMonday && mondays.includes(firstMonday) ? firstMonday : mondays[1]);
  const [weeks, setWeeks] = useState(4);
  const [esistenti, setEsistenti] = useState<Esistenti>('salta');
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<{ title: string; answer: WeekWriteResult } | null>(null);
  const modelli = list.data?.modelli ?? [];

  if (result) return <WeekResultModal title={result.title} giorni={result.answer.giorni} onClose={onClose} />;

  const submit = async () => {
    const chosen = modelli.find((m) => String(m.ID) === modello);
    if (!chosen) return setError(MODELLI_MSG.chooseTemplate);
    const answer = await withProgress(
      apply.mutateAsync({ modello: chosen.ID, ...applyRange(monday, weeks), esistenti }),
      MODELLI_MSG.applying,
    );
    if (answer) setResult({ title: `Modello «${chosen.nome}» applicato`, answer });
  };

  return (
    <FormModal title="Applica modello" submitLabel="Applica" busy={apply.isPending} onSubmit={() => void submit()} onClose={onClose}>
      <Form.Group className="mb-3" controlId="apply-template">
        <Form.Label>Modello</Form.Label>
        <Form.Select
          value={modello}
          onChange={(e) => {
            setModello(e.target.value);
            setError(undefined);
          }}
          isInvalid={!!error}
          aria-invalid={!!error}
          aria-describedby={error ? 'apply-template-error' : undefined}
          disabled={list.isPending}
        >
          <option value="">{list.isPending ? 'Caricamento…' : 'Scegli…'}</option>
          {modelli.map((m) => (
            <option key={m.ID} value={m.ID}>
              {m.nome}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid" id="apply-template-error">
          {error}
        </Form.Control.Feedback>
        {list.isSuccess && modelli.length === 0 && <Form.Text muted>{MODELLI_MSG.noTemplates}</Form.Text>}
      </Form.Group>
      <Form.Group className="mb-3" controlId="apply-from">
        <Form.Label>Dalla settimana di</Form.Label>
        <Form.Select value={monday} onChange={(e) => setMonday(e.target.value)}>
          {mondays.map((m) => (
            <option key={m} value={m}>
              {mondayLabel(m)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="apply-weeks">
        <Form.Label>Per quante settimane</Form.Label>
        <Form.Select value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
          {Array.from({ length: MAX_APPLY_WEEKS }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n === 1 ? '1 settimana' : `${n} settimane`}
            </option>
          ))}
        </Form.Select>
        <Form.Text muted>Ultima settimana: {mondayLabel(addDays(monday, 7 * (weeks - 1)))}</Form.Text>
      </Form.Group>
      <EsistentiChoice name="apply-existing" value={esistenti} onChange={setEsistenti} />
    </FormModal>
  );
}
