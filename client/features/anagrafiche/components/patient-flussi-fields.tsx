import { useEffect } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { TextField } from '../../../components/text-field.tsx';
import type { FieldErrors } from '../../../lib/form-check.ts';
import { fieldsOf } from '../../../lib/form-values.ts';
import { useQuery } from '@tanstack/react-query';
import type { PatientFlussi } from '../../../../common/flussi.ts';
import { api } from '../../../lib/api-client.ts';

export interface FlussiValues {
  CodiceFiscale: string;
  AslResidenza: string;
  IdRegionale: string;
  IdContatto: string;
}
/** The four fields, each with what the coordinator needs to fill it in. */
const FLUSSI_FIELDS: { name: keyof FlussiValues; id: string; label: string; hint: string; maxLength: number }[] = [
  {
    name: 'CodiceFiscale',
    id: 'patient-cf',
    label: 'Codice fiscale',
    hint: 'Facoltativo. 16 caratteri, oppure il codice provvisorio di 11 cifre',
    maxLength: 16,
  },
  {
    name: 'AslResidenza',
    id: 'patient-asl',
    label: 'ASL di residenza',
    hint: 'Tre cifre: l’ASL a cui va il rendiconto mensile',
    maxLength: 3,
  },
  {
    name: 'IdRegionale',
    id: 'patient-idregionale',
    label: 'Identificativo regionale (SISM)',
    hint: '88 caratteri, come lo assegna la Regione',
    maxLength: 88,
  },
  { name: 'IdContatto', id: 'patient-idcontatto', label: 'Identificativo del contatto DSM (SISM)', hint: 'Da 1 a 14 cifre', maxLength: 14 },
];

export const EMPTY_FLUSSI: FlussiValues = { CodiceFiscale: '', AslResidenza: '', IdRegionale: '', IdContatto: '' };

/**
 * Dati per la rendicontazione, in the utente's form (administrators): codice fiscale, ASL of residence, the Region's
 * id and the DSM contact (SISM only). Read from the server when the form opens on an existing utente (an access-log
 * entry: they are personal data, not in the Anagrafiche's list); sent with the form, empty clears.
 */
/** GET /server/flussi/paziente (administrators; an access-log entry): read each time the form opens. */
const usePatientFlussi = (ID: number | undefined) =>
  useQuery({
    queryKey: ['flussi', 'paziente', ID],
    queryFn: () => api.get<PatientFlussi>(`/flussi/paziente?ID=${ID}`),
    enabled: ID !== undefined,
    staleTime: 0,
  });

export function PatientFlussiFields({
  patientId,
  values,
  errors,
  onChange,
}: {
  patientId?: number;
  /** null while an existing utente's values are being read. */
  values: FlussiValues | null;
  errors: FieldErrors;
  onChange: (values: FlussiValues) => void;
}) {
  const saved = usePatientFlussi(patientId);
  useEffect(() => {
    if (!saved.data) return;
    onChange({
      CodiceFiscale: saved.data.CodiceFiscale ?? '',
      AslResidenza: saved.data.AslResidenza ?? '',
      IdRegionale: saved.data.IdRegionale ?? '',
      IdContatto: saved.data.IdContatto ?? '',
    });
    // Filled once, when the saved values arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saved.data]);
  const shown = values ?? EMPTY_FLUSSI;
  const disabled = values === null;
  const field = fieldsOf(shown, errors, (key: keyof FlussiValues) => (value: string) => onChange({ ...shown, [key]: value }));
  return (
    <fieldset className="mb-2">
      <legend className="fs-6 fw-semibold mb-1">Dati per la rendicontazione</legend>
      {patientId !== undefined && saved.isPending && (
        <Spinner size="sm" role="status" aria-label="Caricamento dei dati per la rendicontazione" />
      )}
      {FLUSSI_FIELDS.map(({ name, id, label, hint, maxLength }) => (
        <TextField key={name} label={label} {...field(name, id)} disabled={disabled} hint={hint} maxLength={maxLength} />
      ))}
    </fieldset>
  );
}
