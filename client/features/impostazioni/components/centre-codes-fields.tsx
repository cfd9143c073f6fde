import Form from 'react-bootstrap/Form';
import { REGIONE_CODES, REGIONI, TIPI_STRUTTURA_SISM, TIPO_STRUTTURA_CODES } from '../../../../common/flussi.ts';
import { SelectField, TextField } from '../../../components/text-field.tsx';
import type { FieldErrors } from '../../../lib/form-check.ts';

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
  const text = (key: CodeKey) => (value: string) => onChange(key, value);
  return (
    <fieldset className="mb-3" aria-describedby="centre-codes-hint">
      <legend className="fs-6 fw-semibold mb-1">Codici per la rendicontazione</legend>
      <Form.Text id="centre-codes-hint" muted className="d-block mb-2">
        I codici del Ministero della Salute per il rendiconto alle ASL e per i flussi SIAR e SISM.
      </Form.Text>
      <SelectField
        id="centre-regione"
        label="Regione"
        value={values.regione ?? ''}
        onChange={(v) => onChange('regione', v || null)}
        error={errors.regione}
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
        <TextField
          id="centre-asl"
          label="ASL del centro"
          value={values.asl ?? ''}
          onChange={text('asl')}
          error={errors.asl}
          hint="Tre cifre, per esempio 201"
          maxLength={3}
        />
        <TextField
          id="centre-struttura"
          label="Codice struttura"
          value={values.struttura ?? ''}
          onChange={text('struttura')}
          error={errors.struttura}
          hint="Sei lettere o cifre"
          maxLength={6}
        />
        <TextField
          id="centre-dsm"
          label="Codice DSM (SISM)"
          value={values.dsm ?? ''}
          onChange={text('dsm')}
          error={errors.dsm}
          hint="Da 1 a 3 caratteri"
          maxLength={3}
        />
      </div>
      <SelectField
        id="centre-tipo-sism"
        label="Tipo di struttura semiresidenziale (SISM)"
        value={values.tipoStrutturaSism ?? ''}
        onChange={(v) => onChange('tipoStrutturaSism', v || null)}
        error={errors.tipoStrutturaSism}
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
