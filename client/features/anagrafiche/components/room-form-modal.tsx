import { useState } from 'react';
import { MSG } from '../../../../common/messages.ts';
import { roomFormSchema, type RoomRecord } from '../../../../common/anagrafiche.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateRoom, useUpdateRoom } from '../api/rooms.ts';
import { checkForm, type FieldErrors } from '../../../lib/form-check.ts';

/** Nuova stanza / Rinomina stanza. */
export function RoomFormModal({ room, onClose }: { room?: RoomRecord; onClose: () => void }) {
  const [name, setName] = useState(room?.Nome ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateRoom();
  const update = useUpdateRoom();

  const submit = async () => {
    const result = checkForm(roomFormSchema, { Nome: name });
    if ('errors' in result) return setErrors(result.errors);
    const work = room ? update.mutateAsync({ ...result.data, ID: room.ID }) : create.mutateAsync(result.data);
    if (await withToasts(work, { success: MSG.saved })) onClose();
  };

  return (
    <FormModal
      title={room ? 'Rinomina stanza' : 'Nuova stanza'}
      submitLabel="Salva"
      busy={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextField
        id="room-name"
        label="Nome stanza"
        value={name}
        onChange={(value) => {
          setName(value);
          setErrors({});
        }}
        error={errors.Nome}
        hint={room ? undefined : "La nuova stanza diventa l'ultima colonna del calendario"}
        autoFocus
        maxLength={60}
      />
    </FormModal>
  );
}
