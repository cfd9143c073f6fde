import Form from 'react-bootstrap/Form';
import { REGIONE_CODES, REGIONI, TIPI_STRUTTURA_SISM, TIPO_STRUTTURA_CODES } from '../../../../common/flussi.ts';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import type { FieldErrors } from '../../../lib/form-check.ts';
import { fieldsOf } from '../../../lib/form-values.ts';

export type CodeKey = 'regione' | 'asl' | 'struttura' | 'dsm' | 'tipoStrutturaSism';
export type CodeValues = Partial<Record<CodeKey, string | null>>;

/**
 * Codici per i flussi (Anagrafiche → Centro): the region, the centre's ASL and facility code (ASL's account, SIAR), the
 * DSM and the semi-residential type (SISM only). Empty clears a code; the Rendicontazione's check says which are missing.
 */
export function CentreCodesFields({
  values,
  errors,
  onChange,
}: {
  values: CodeValues;
  errors: FieldErrors;
  onChange: (key: CodeKey, value: string | null) => void;
}) {
  // An emptied code is cleared (the schema reads '' as none too).
  const field = fieldsOf(values, errors, (key: CodeKey) => (value: string) => onChange(key, value || null));
  return (
    <fieldset className="mb-3" aria-describedby="centre-codes-hint">
      <legend className="fs-6 fw-semibold mb-1">Codici per la rendicontazione</legend>
      <Form.Text id="centre-codes-hint" muted className="d-block mb-2">
        I codici del Ministero della Salute per il rendiconto alle ASL e per i flussi SIAR e SISM.
      </Form.Text>
      <SelectField
        label="Regione"
        {...field('regione', 'centre-regione')}
        options={[
          <option key="" value="">
            Non indicata
          </option>,
          ...REGIONE_CODES.map((code) => (
            <option key={code} value={code}>
              {code} – {REGIONI[code]}
            </option>
          )),
        ]}
      />
      <div className="d-flex flex-wrap gap-3">
        <TextField label="ASL del centro" {...field('asl', 'centre-asl')} hint="Tre cifre, per esempio 201" maxLength={3} />
        <TextField label="Codice struttura" {...field('struttura', 'centre-struttura')} hint="Sei lettere o cifre" maxLength={6} />
        <TextField label="Codice DSM (SISM)" {...field('dsm', 'centre-dsm')} hint="Da 1 a 3 caratteri" maxLength={3} />
      </div>
      <SelectField
        label="Tipo di struttura semiresidenziale (SISM)"
        {...field('tipoStrutturaSism', 'centre-tipo-sism')}
        options={[
          <option key="" value="">
            Non indicato
          </option>,
          ...TIPO_STRUTTURA_CODES.map((code) => (
            <option key={code} value={code}>
              {code} – {TIPI_STRUTTURA_SISM[code]}
            </option>
          )),
        ]}
      />
    </fieldset>
  );
}
