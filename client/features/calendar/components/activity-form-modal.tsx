import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Row from 'react-bootstrap/Row';
import { ERROR_CODES } from '../../../../common/errors.ts';
import { MSG } from '../../../../common/messages.ts';
import type { Room } from '../../../../common/schemas.ts';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import { TimeField } from '../../../components/time-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useActivityTypes } from '../../../lib/activity-types.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { dayQueryOptions } from '../api/get-day.ts';
import { useCreateActivity, useRemoveActivity, useUpdateActivity, type ActivityFields } from '../api/activity-writes.ts';
import { useUndoAction } from '../../../lib/undo.ts';
import { clearActivityDraft, saveActivityDraft } from '../activity-draft.ts';
import {
  activityDraft,
  activityValues,
  DEFAULT_MINUTES,
  durationOf,
  withStart,
  type ActivityErrors,
  type ActivityField,
  type ActivityValues,
} from '../activity-form.ts';
import { validateActivityForm } from '../activity-form-check.ts';
import { fieldsOf } from '../../../lib/form-values.ts';
import { isTransport, minibusLabel, type DayActivity, type DayTransportRun } from '../types.ts';

export const CHANGED_BY_OTHER = 'Un altro utente ha modificato questa attività: se salvi, sostituisci le sue modifiche.';
export const DELETED_BY_OTHER = "L'attività è stata eliminata da un altro utente";

const isStale = (error: unknown) => error instanceof ApiError && error.code === ERROR_CODES.conflict;

/** The two times of an activity, side by side. */
const TIME_FIELDS = [
  { name: 'orainizio', id: 'activity-start', label: 'Ora inizio', endOfDay: false },
  { name: 'orafine', id: 'activity-end', label: 'Ora fine', endOfDay: true },
] as const;

const runLabel = (run: DayTransportRun) => `${run.Tratta} (${run.Ora}–${run.OraArrivo}, ${minibusLabel(run)})`;

interface Props {
  day: string;
  rooms: Room[];
  runs: DayTransportRun[];
  /** The activity to edit; none to create one. */
  activity?: DayActivity;
  /** Where the values start: a draft kept across a new sign-in, or a new activity's cell; else the activity's or the toolbar's defaults. */
  initialValues?: ActivityValues;
  onClose: () => void;
}

/** Crea Attività and Modifica Attività (the form's rules from the shared schema; docs/product.md, Regole). */
export function ActivityFormModal({ day, rooms, runs, activity, initialValues, onClose: close }: Props) {
  const editing = !!activity;
  const transportOnly = !!activity && isTransport(activity);
  const [values, setValues] = useState<ActivityValues>(() => initialValues ?? (activity ? activityValues(activity) : activityDraft(rooms)));
  // Kept while the dialog is open, so an ended session does not lose it (see activity-draft.ts).
  useEffect(() => {
    if (!transportOnly) saveActivityDraft({ day, activityId: activity?.ID ?? null, values });
  }, [day, activity, values, transportOnly]);
  const onClose = () => {
    clearActivityDraft();
    close();
  };
  // The length the end keeps when the start moves: the opened activity's, then whatever the end is set to.
  const duration = useRef(durationOf(values) ?? DEFAULT_MINUTES);
  const [errors, setErrors] = useState<ActivityErrors>({});
  // The activity's type of activity (optional): choosing one proposes its name and its duration.
  const [tipo, setTipo] = useState(String(activity?.RifTipo ?? -1));
  const types = useActivityTypes(!transportOnly);
  const create = useCreateActivity(day);
  const update = useUpdateActivity(day);
  const remove = useRemoveActivity(day);
  const undoAction = useUndoAction();
  const busy = create.isPending || update.isPending || remove.isPending;

  // The activity as the day now reads it (the day is read again after every write, and live on others' changes).
  const queryClient = useQueryClient();
  const { data: dayNow } = useQuery({ ...dayQueryOptions(day), enabled: editing, refetchOnMount: false });
  const current = dayNow?.data === day ? dayNow.attivita.find((a) => a.ID === activity?.ID) : undefined;
  const deletedMeanwhile = editing && dayNow?.data === day && !current && !remove.isPending && !remove.isSuccess;
  // The version this dialog's writes are based on: the one it opened with, until a stale write makes the user
  // choose knowingly; then the version the day read after the refusal (a further change is refused again).
  const [version, setVersion] = useState(activity?.Versione);
  const [overwriting, setOverwriting] = useState(false);
  const noticeStale = <T,>(work: Promise<T>) =>
    work.catch((error: unknown) => {
      if (isStale(error)) {
        // The refusal arrives once the day has been read again (the write's own reload), so the cache is fresh.
        const fresh = queryClient.getQueryData(dayQueryOptions(day).queryKey)?.attivita.find((a) => a.ID === activity?.ID);
        if (fresh) setVersion(fresh.Versione);
        setOverwriting(true);
      }
      throw error;
    });
  const chosenRun = runs.find((run) => String(run.ID) === values.trasporto);
  // Only active rooms take activities; an edited activity's archived room is shown, not offered.
  const activeRooms = rooms.filter((room) => !room.Archiviato);
  const currentRoom = rooms.find((room) => String(room.ID) === values.stanza);
  const editedRun = activity ? runs.find((run) => run.ID === activity.RifTrasporto) : undefined;

  const set = (field: ActivityField, value: string) => {
    // A new start moves the end and keeps the duration; a new end sets the duration.
    const next = field === 'orainizio' ? withStart(values, value, duration.current) : { ...values, [field]: value };
    if (field === 'orafine') duration.current = durationOf(next) ?? duration.current;
    setValues(next);
    setErrors((e) => ({ ...e, [field]: undefined, ...(field === 'orainizio' ? { orafine: undefined } : {}) }));
  };
  const field = fieldsOf<ActivityField>(values, errors, (name) => (value) => set(name, value));

  const chooseType = (value: string) => {
    const previous = types.data?.find((t) => String(t.ID) === tipo);
    const type = types.data?.find((t) => String(t.ID) === value);
    setTipo(value);
    if (!type) return;
    duration.current = type.minuti;
    const nome = values.nome.trim() === '' || values.nome === previous?.Nome ? type.Nome : values.nome;
    setValues(withStart({ ...values, nome }, values.orainizio, type.minuti));
    setErrors((e) => ({ ...e, nome: undefined, orafine: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (transportOnly || busy || deletedMeanwhile) return;
    const result = validateActivityForm(values, rooms);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    let done: unknown;
    const typed = { ...result.fields, tipo: Number(tipo) };
    if (activity) {
      done = await withToasts(noticeStale(update.mutateAsync({ id: activity.ID, versione: version, fields: typed })), {
        success: MSG.saved,
      });
    } else {
      const fields: ActivityFields = chosenRun
        ? { nome: 'TRASPORTO', stanza: -1, orainizio: chosenRun.Ora, orafine: chosenRun.OraArrivo, trasporto: chosenRun.ID }
        : typed;
      const place = chosenRun ? chosenRun.Tratta : (rooms.find((r) => r.ID === fields.stanza)?.Nome ?? `Stanza ${fields.stanza}`);
      const times = `${fields.orainizio.slice(0, 5)}–${fields.orafine.slice(0, 5)}`;
      done = await withToasts(create.mutateAsync(fields), { success: `Attività creata: ${fields.nome}, ${place} ${times}` });
    }
    if (done) onClose();
  };

  const deleteActivity = async () => {
    if (!activity || !window.confirm(MSG.confirmDeleteActivity)) return;
    const done = await withToasts(noticeStale(remove.mutateAsync({ id: activity.ID, versione: version })), {
      success: MSG.deleted,
      action: ({ operazione }) => undoAction(operazione, 'attivita'),
    });
    if (done) onClose();
  };

  const title = editing ? 'Modifica Attività' : 'Crea Attività';
  return (
    <Modal show onHide={onClose} aria-labelledby="activity-form-title">
      <Form noValidate onSubmit={(e) => void submit(e)}>
        <Modal.Header closeButton closeLabel="Chiudi">
          <Modal.Title id="activity-form-title">{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {deletedMeanwhile ? (
            <Alert variant="danger" className="py-2">
              {DELETED_BY_OTHER}
            </Alert>
          ) : (
            overwriting && (
              <Alert variant="warning" className="py-2">
                {CHANGED_BY_OTHER}
              </Alert>
            )
          )}
          {transportOnly ? (
            <div>
              <p className="fs-5 mb-1">{editedRun?.Tratta ?? activity.NomeAttivita}</p>
              <p className="text-muted mb-2">
                {editedRun
                  ? `${editedRun.Ora}–${editedRun.OraArrivo} · ${minibusLabel(editedRun)}`
                  : `${activity.OraInizio}–${activity.OraFine}`}
              </p>
              <p className="small mb-0">Le attività di trasporto non si possono modificare, solo eliminare.</p>
            </div>
          ) : (
            <>
              {!editing && (
                <SelectField
                  label="Trasporto"
                  {...field('trasporto', 'activity-transport')}
                  options={
                    <>
                      <option value="-1">Nessuno (attività in stanza)</option>
                      {runs.map((run) => (
                        <option key={run.ID} value={run.ID}>
                          {runLabel(run)}
                        </option>
                      ))}
                    </>
                  }
                />
              )}
              {chosenRun ? (
                <p className="mb-0">
                  L'attività diventa <strong>TRASPORTO</strong> negli orari dell'uscita: {chosenRun.Ora}–{chosenRun.OraArrivo}.
                </p>
              ) : (
                <>
                  <SelectField
                    id="activity-type"
                    label="Tipo di attività (facoltativo)"
                    value={tipo}
                    onChange={chooseType}
                    hint="Propone nome e durata; serve alla copertura dei progetti e agli avvisi sul profilo"
                    options={
                      <>
                        <option value="-1">Nessun tipo</option>
                        {tipo !== '-1' && !types.data?.some((t) => String(t.ID) === tipo) && (
                          <option value={tipo} disabled>
                            tipo archiviato
                          </option>
                        )}
                        {(types.data ?? []).map((t) => (
                          <option key={t.ID} value={t.ID}>
                            {t.Nome} ({t.minuti} min)
                          </option>
                        ))}
                      </>
                    }
                  />
                  <TextField label="Nome attività" {...field('nome', 'activity-name')} autoFocus maxLength={100} />
                  <SelectField
                    label="Stanza"
                    {...field('stanza', 'activity-room')}
                    options={
                      <>
                        {!activeRooms.some((r) => String(r.ID) === values.stanza) && (
                          <option value={values.stanza} disabled>
                            {currentRoom ? `${currentRoom.Nome} (archiviata)` : '—'}
                          </option>
                        )}
                        {activeRooms.map((room) => (
                          <option key={room.ID} value={room.ID}>
                            {room.Nome}
                          </option>
                        ))}
                      </>
                    }
                  />
                  <Row>
                    {TIME_FIELDS.map(({ name, id, label, endOfDay }) => (
                      <Col xs={6} key={name}>
                        <TimeField label={label} endOfDay={endOfDay} {...field(name, id)} className="" />
                      </Col>
                    ))}
                  </Row>
                </>
              )}
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          {editing && (
            <Button variant="danger" className="me-auto" onClick={() => void deleteActivity()} disabled={busy || deletedMeanwhile}>
              Elimina
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            Annulla
          </Button>
          {!transportOnly && (
            <Button type="submit" disabled={busy || deletedMeanwhile}>
              {editing ? 'Salva' : 'Crea'}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
