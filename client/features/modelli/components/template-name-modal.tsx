import { useState } from 'react';
import { templateNameSchema } from '../../../../common/modelli.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextField } from '../../../components/text-field.tsx';

/** The name's own check (the server's schema), before the server's (which also refuses a name already used). */
export function templateNameError(nome: string): string | undefined {
  const result = templateNameSchema.safeParse(nome);
  return result.success ? undefined : result.error.issues[0]?.message;
}

interface Props {
  title: string;
  submitLabel: string;
  initialName?: string;
  busy: boolean;
  /** Resolves once the server has answered; a refusal is thrown and shown under the field. */
  onSubmit: (nome: string) => Promise<unknown>;
  onClose: () => void;
}

/** Asks a template's name: Nuovo modello, Salva settimana come modello, Rinomina, Duplica. */
export function TemplateNameModal({ title, submitLabel, initialName = '', busy, onSubmit, onClose }: Props) {
  const [nome, setNome] = useState(initialName);
  const [error, setError] = useState<string | undefined>();
  const submit = async () => {
    const invalid = templateNameError(nome);
    if (invalid) return setError(invalid);
    try {
      await onSubmit(nome.trim());
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };
  return (
    <FormModal title={title} submitLabel={submitLabel} busy={busy} onSubmit={() => void submit()} onClose={onClose}>
      <TextField
        id="template-name"
        label="Nome del modello"
        value={nome}
        autoFocus
        maxLength={60}
        onChange={(value) => {
          setNome(value);
          setError(undefined);
        }}
        error={error}
      />
    </FormModal>
  );
}
