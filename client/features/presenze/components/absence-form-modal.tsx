import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import toast from 'react-hot-toast';
import { todayLocal } from '../../../../common/dates.ts';
import {
  ABSENCE_REASONS,
  absenceCreateSchema,
  absenceUpdateSchema,
  PRESENZE_MSG,
  REASON_LABELS,
  type Absence,
  type AbsenceReason,
  type PersonKind,
} from '../../../../common/presenze.ts';
import { kindLabel, kindWithArticle, kindWord } from '../../../../common/words.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { usePersonChoice } from '../../../components/person-choice.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { errorMessage, isCorrectionRequired } from '../../../lib/api-client.ts';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';
import type { PersonMatch } from '../../../lib/people-search.ts';
import { useCreateAbsence, useUpdateAbsence } from '../../../lib/absences.ts';

export const KIND_LABELS: Record<PersonKind, string> = { paziente: kindWord('paziente'), terapista: kindWord('terapista') };
const NOTE_MAX = 200;
/** The schema's message for a missing person reads "Identificativo non valido": the form says what to do instead. */
export const CHOOSE_PERSON = 'Scegli la persona assente';

type Field = 'tipo' | 'persona' | 'dal' | 'al' | 'motivo' | 'note' | 'correzione' | 'form';

/**
 * Nuova assenza: who (utente or operatore, found with the search dialog), from when to when, why; checked by absenceCreateSchema.
 * With `absence`, Modifica: the same form prefilled, the person fixed (another person's absence is a new one); checked by absenceUpdateSchema.
 */
export function AbsenceFormModal({ onClose, absence }: { onClose: () => void; absence?: Absence }) {
  const today = todayLocal();
  const editing = absence !== undefined;
  const [kind, setKind] = useState<PersonKind>(absence?.tipo ?? 'paziente');
  const [person, setPerson] = useState<PersonMatch | null>(null);
  const [values, setValues] = useState(
    absence
      ? { dal: absence.dal, al: absence.al, motivo: absence.motivo, giustificata: absence.giustificata, note: absence.note }
      : { dal: today, al: today, motivo: 'malattia' as AbsenceReason, giustificata: true, note: '' },
  );
  // Shown once the server says the period touches a closed month: an administrator then gives the reason.
  const [correction, setCorrection] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  // The search dialog takes the form's place while a person is chosen (two dialogs on top of each other read badly); the form's values stay here.
  const choice = usePersonChoice({
    context: (k) => `Nuova assenza: scegli ${kindWithArticle(k)} assente.`,
    onChoose: (_, match) => {
      setPerson(match);
      setErrors((e) => ({ ...e, persona: undefined }));
      setServerError(null);
    },
  });
  const create = useCreateAbsence();
  const update = useUpdateAbsence();

  const set =
    <K extends keyof typeof values>(field: K) =>
    (value: (typeof values)[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
      setServerError(null);
    };

  const save = async (write: () => Promise<unknown>, success: string) => {
    try {
      await write();
      toast.success(success);
      onClose();
    } catch (error) {
      const message = errorMessage(error);
      if (isCorrectionRequired(error) && correction === null) setCorrection('');
      setServerError(message);
    }
  };

  const submitEdit = async (id: number) => {
    const input = { ...values, ID: id, ...(correction !== null ? { correzione: correction } : {}) };
    const result = checkForm<typeof absenceUpdateSchema, Field>(absenceUpdateSchema, input);
    if ('errors' in result) return setErrors(result.errors);
    await save(() => update.mutateAsync(result.data), PRESENZE_MSG.absenceUpdated);
  };

  const submit = async () => {
    if (absence) return submitEdit(absence.ID);
    // Until a person is chosen the other fields are checked with a stand-in: the schema checks the dates' order only on a whole object.
    const input = { ...values, tipo: kind, persona: person?.ID ?? 1, ...(correction !== null ? { correzione: correction } : {}) };
    const result = checkForm<typeof absenceCreateSchema, Field>(absenceCreateSchema, input);
    const found = 'errors' in result ? result.errors : {};
    if (!person) return setErrors({ ...found, persona: CHOOSE_PERSON });
    if ('errors' in result) return setErrors(found);
    await save(() => create.mutateAsync(result.data), PRESENZE_MSG.absenceSaved);
  };

  return (
    <>
      {!choice.choosing && (
        <FormModal
          title={editing ? 'Modifica assenza' : 'Nuova assenza'}
          submitLabel={editing ? 'Salva le modifiche' : 'Registra l’assenza'}
          busy={create.isPending || update.isPending}
          onSubmit={() => void submit()}
          onClose={onClose}
        >
          {serverError && (
            <Alert variant="danger" role="alert" className="py-2">
              {serverError}
            </Alert>
          )}
          {absence ? (
            <div className="mb-3">
              <span className="form-label d-block" id="absence-person-label">
                {kindLabel(absence.tipo)}
              </span>
              <span className="form-control" id="absence-person">
                {absence.nome}
              </span>
            </div>
          ) : (
            <>
              <fieldset className="mb-3">
                <legend className="form-label fs-6 mb-1">Chi è assente</legend>
                {(['paziente', 'terapista'] as const).map((k) => (
                  <Form.Check
                    key={k}
                    inline
                    type="radio"
                    name="absence-kind"
                    id={`absence-kind-${k}`}
                    label={kindLabel(k)}
                    checked={kind === k}
                    onChange={() => {
                      setKind(k);
                      setPerson(null);
                      setServerError(null);
                    }}
                  />
                ))}
              </fieldset>
              <div className="mb-3">
                <span className="form-label d-block" id="absence-person-label">
                  {kindLabel(kind)}
                </span>
                <div className="d-flex align-items-center gap-2">
                  <span className={`form-control ${errors.persona ? 'is-invalid' : ''}`} id="absence-person">
                    {person ? person.label : <span className="text-muted">nessuno scelto</span>}
                  </span>
                  {choice.button(kind, {
                    changing: !!person,
                    describedBy: errors.persona
                      ? 'absence-person-label absence-person absence-person-error'
                      : 'absence-person-label absence-person',
                  })}
                </div>
                {errors.persona && (
                  <div className="invalid-feedback d-block" id="absence-person-error">
                    {errors.persona}
                  </div>
                )}
              </div>
            </>
          )}
          <div className="d-flex gap-3">
            <div className="flex-fill">
              <DateField id="absence-from" label="Dal" value={values.dal} onChange={set('dal')} error={errors.dal} className="mb-3" />
            </div>
            <div className="flex-fill">
              <DateField id="absence-to" label="Al" value={values.al} onChange={set('al')} error={errors.al} className="mb-3" />
            </div>
          </div>
          <SelectField
            id="absence-reason"
            label="Motivo"
            value={values.motivo}
            onChange={(value) => set('motivo')(value as AbsenceReason)}
            error={errors.motivo}
            options={ABSENCE_REASONS.map((r) => (
              <option key={r} value={r}>
                {REASON_LABELS[r]}
              </option>
            ))}
          />
          <Form.Check
            className="mb-3"
            type="checkbox"
            id="absence-justified"
            label="Giustificata"
            checked={values.giustificata}
            onChange={(e) => set('giustificata')(e.target.checked)}
          />
          <TextField
            id="absence-note"
            label="Note"
            value={values.note}
            onChange={set('note')}
            error={errors.note}
            hint={`Facoltative. ${values.note.length}/${NOTE_MAX} caratteri`}
          />
          {correction !== null && (
            <TextField
              id="absence-correction"
              label="Motivo della correzione"
              value={correction}
              onChange={(value) => {
                setCorrection(value);
                setErrors((e) => ({ ...e, correzione: undefined }));
              }}
              error={errors.correzione}
              hint="Il periodo tocca un mese chiuso: il motivo resta registrato con la modifica."
              autoFocus
              maxLength={200}
            />
          )}
        </FormModal>
      )}
      {choice.dialog}
    </>
  );
}
