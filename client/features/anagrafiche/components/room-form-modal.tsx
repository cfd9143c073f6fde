import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { MSG } from '../../../../common/messages.ts';
import { roomFormSchema, type RoomRecord } from '../../../../common/anagrafiche.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useActivityTypes } from '../../../lib/activity-types.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateRoom, useUpdateRoom } from '../api/rooms.ts';
import { checkForm } from '../../../lib/form-check.ts';
import { useFormValues } from '../../../lib/form-values.ts';

/**
 * Nuova stanza / Modifica stanza: the name, and for the Pianificatore how many utenti it holds at once (empty: not
 * said) and the types of activity it is for (none ticked: any).
 */
export function RoomFormModal({ room, onClose }: { room?: RoomRecord; onClose: () => void }) {
  const { values, errors, setErrors, set, field } = useFormValues({
    Nome: room?.Nome ?? '',
    capienza: room?.capienza != null ? String(room.capienza) : '',
  });
  const [tipi, setTipi] = useState<number[]>(room?.tipi ?? []);
  const types = useActivityTypes();
  const create = useCreateRoom();
  const update = useUpdateRoom();

  const submit = async () => {
    const result = checkForm(roomFormSchema, {
      Nome: values.Nome,
      capienza: values.capienza.trim() === '' ? null : Number(values.capienza),
      tipi,
    });
    if ('errors' in result) return setErrors(result.errors);
    const work = room ? update.mutateAsync({ ...result.data, ID: room.ID }) : create.mutateAsync(result.data);
    if (await withToasts(work, { success: MSG.saved })) onClose();
  };

  const toggle = (id: number, on: boolean) => {
    setTipi((current) => (on ? [...current, id] : current.filter((t) => t !== id)));
    setErrors({});
  };

  return (
    <FormModal
      title={room ? 'Modifica stanza' : 'Nuova stanza'}
      submitLabel="Salva"
      busy={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        label="Nome stanza"
        {...field('Nome', 'room-name')}
        hint={room ? undefined : "La nuova stanza diventa l'ultima colonna del calendario"}
        autoFocus
        maxLength={60}
      />
      <Form.Group controlId="room-capienza" className="mb-3">
        <Form.Label>Capienza (utenti, facoltativa)</Form.Label>
        <Form.Control
          type="number"
          inputMode="numeric"
          min={1}
          max={50}
          value={values.capienza}
          style={{ maxWidth: '8rem' }}
          onChange={(e) => set('capienza')(e.target.value)}
          isInvalid={!!errors.capienza}
          aria-invalid={!!errors.capienza}
          aria-describedby={['room-capienza-hint', errors.capienza && 'room-capienza-error'].filter(Boolean).join(' ')}
        />
        <Form.Text id="room-capienza-hint" muted>
          Quanti utenti al massimo insieme, da 1 a 50: il pianificatore non ne mette di più.
        </Form.Text>
        <Form.Control.Feedback type="invalid" id="room-capienza-error">
          {errors.capienza}
        </Form.Control.Feedback>
      </Form.Group>
      <fieldset aria-describedby="room-tipi-hint">
        <legend className="form-label fs-6 mb-1">Tipi di attività della stanza</legend>
        {(types.data ?? []).map((type) => (
          <Form.Check
            key={type.ID}
            type="checkbox"
            id={`room-tipo-${type.ID}`}
            label={type.Nome}
            checked={tipi.includes(type.ID)}
            onChange={(e) => toggle(type.ID, e.target.checked)}
          />
        ))}
        <Form.Text id="room-tipi-hint" muted className="d-block">
          Nessuno scelto: la stanza va bene per ogni tipo. Il pianificatore mette qui solo i tipi scelti.
        </Form.Text>
        {errors.tipi && (
          <div className="invalid-feedback d-block" role="alert">
            {errors.tipi}
          </div>
        )}
      </fieldset>
    </FormModal>
  );
}
