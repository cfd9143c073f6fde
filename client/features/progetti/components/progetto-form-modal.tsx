import { useState } from 'react';
import { useFormValues } from '../../../lib/form-values.ts';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { MSG } from '../../../../common/messages.ts';
import {
  DEFAULT_FREQUENZA,
  MAX_RIGHE,
  OBIETTIVI_MAX,
  progettoFormSchema,
  type Finestra,
  type Progetto,
  type TipoRecord,
} from '../../../../common/progetti.ts';
import { DateField } from '../../../components/date-field.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { WeekWindowsField, windowErrors } from '../../../components/week-windows-field.tsx';
import { withToasts } from '../../../lib/toasts.ts';
import { useCreateProgetto, useUpdateProgetto } from '../api/progetti.ts';
import { TableHead } from '../../../components/table-head.tsx';

interface Props {
  paziente: number;
  /** The utente's name, in the title. */
  nome: string;
  progetto?: Progetto;
  /** The active types of activity, for the righe. */
  types: TipoRecord[];
  /** The first day proposed for a new progetto (the day shown). */
  today: string;
  onClose: () => void;
}

/** A riga as typed: the numbers as text until the schema reads them. */
interface RigaDraft {
  key: number;
  tipo: string;
  sedute: string;
  minuti: string;
}

let nextKey = 1;
const draftOf = (r?: { tipo: number; sedute: number; minuti: number }): RigaDraft => ({
  key: nextKey++,
  tipo: r ? String(r.tipo) : '',
  sedute: r ? String(r.sedute) : '1',
  minuti: r ? String(r.minuti) : '',
});

type Errors = Partial<Record<string, string>>;

/** Each issue under its field: `dal`, `righe.1.sedute`, `frequenza.0.alle`; `righe` for the table as a whole. */
function issuesToErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.slice(0, 3).map(String).join('.') || 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Nuovo progetto / Modifica progetto (docs/product.md, Scheda utente): the period, the review date, the goals, the
 * frequenza and a table of righe (type, sedute a settimana, minuti a seduta). Choosing a type proposes its minutes.
 */
export function ProgettoFormModal({ paziente, nome, progetto, types, today, onClose }: Props) {
  // Any edit clears every message: one about a riga or the period may be answered by changing another field.
  const form = useFormValues(
    { dal: progetto?.dal ?? today, al: progetto?.al ?? '', verifica: progetto?.verifica ?? '', obiettivi: progetto?.obiettivi ?? '' },
    () => form.setErrors({}),
  );
  const { values: fields, errors, setErrors, set, field } = form;
  const [frequenza, setFrequenza] = useState<Finestra[]>(progetto?.frequenza ?? DEFAULT_FREQUENZA);
  const [righe, setRighe] = useState<RigaDraft[]>(() => (progetto?.righe.length ? progetto.righe.map(draftOf) : [draftOf()]));
  const create = useCreateProgetto();
  const update = useUpdateProgetto();
  const typeById = new Map(types.map((t) => [t.ID, t]));

  const setRiga = (key: number, change: Partial<RigaDraft>) => {
    setRighe((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
    setErrors({});
  };
  const chooseType = (row: RigaDraft, tipo: string) => {
    const type = typeById.get(Number(tipo));
    // The type's own duration is proposed while the minutes are empty or still the previous type's.
    const previous = typeById.get(Number(row.tipo));
    const proposeMinutes = type && (row.minuti === '' || (previous && row.minuti === String(previous.minuti)));
    setRiga(row.key, { tipo, ...(proposeMinutes ? { minuti: String(type.minuti) } : {}) });
  };

  const submit = async () => {
    const values = {
      paziente,
      ...fields,
      al: fields.al || null,
      frequenza,
      righe: righe.map((r) => ({
        tipo: r.tipo === '' ? 0 : Number(r.tipo),
        sedute: r.sedute.trim() === '' ? Number.NaN : Number(r.sedute),
        minuti: r.minuti.trim() === '' ? Number.NaN : Number(r.minuti),
      })),
    };
    const parsed = progettoFormSchema.safeParse(values);
    if (!parsed.success) {
      const found = issuesToErrors(parsed.error.issues);
      // A riga without a type: the schema's id message is about a reference; say it as the form does.
      for (const [i, r] of righe.entries()) if (r.tipo === '') found[`righe.${i}.tipo`] = 'Scegli il tipo di attività';
      return setErrors(found);
    }
    const work: Promise<unknown> = progetto ? update.mutateAsync({ ...values, ID: progetto.ID }) : create.mutateAsync(values);
    if (await withToasts(work, { success: MSG.saved })) onClose();
  };

  const err = (key: string) => errors[key];
  const frequenzaErrors = windowErrors(
    Object.entries(errors)
      .filter(([key]) => key.startsWith('frequenza'))
      .map(([key, message]) => ({ path: key.split('.').slice(1), message: message ?? '' })),
  );

  return (
    <FormModal
      title={progetto ? `Modifica progetto di ${nome}` : `Nuovo progetto di ${nome}`}
      submitLabel="Salva progetto"
      busy={create.isPending || update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
      size="lg"
    >
      <div className="row g-2">
        <DateField label="Presa in carico (dal)" {...field('dal', 'progetto-dal')} required className="col-sm-4 mb-3" />
        <DateField label="Verifica" {...field('verifica', 'progetto-verifica')} required className="col-sm-4 mb-3" />
        <DateField label="Fine (facoltativa)" {...field('al', 'progetto-al')} className="col-sm-4 mb-3" />
      </div>
      <Form.Group className="mb-3" controlId="progetto-obiettivi">
        <Form.Label>Obiettivi</Form.Label>
        <Form.Control
          as="textarea"
          rows={4}
          value={fields.obiettivi}
          maxLength={OBIETTIVI_MAX}
          onChange={(e) => set('obiettivi')(e.target.value)}
          isInvalid={!!err('obiettivi')}
          aria-invalid={!!err('obiettivi')}
          aria-describedby="progetto-obiettivi-hint progetto-obiettivi-error"
        />
        <Form.Text id="progetto-obiettivi-hint" muted>
          Testo libero, anche su più righe: {fields.obiettivi.length} di {OBIETTIVI_MAX.toLocaleString('it-IT')} caratteri
        </Form.Text>
        <Form.Control.Feedback type="invalid" id="progetto-obiettivi-error">
          {err('obiettivi')}
        </Form.Control.Feedback>
      </Form.Group>

      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">Attività previste a settimana</legend>
        <Table size="sm" className="progetto-righe align-middle mb-2">
          <TableHead columns={['Tipo di attività', 'Sedute a settimana', 'Minuti a seduta']} actions="hidden" />
          <tbody>
            {righe.map((r, i) => {
              const n = i + 1;
              return (
                <tr key={r.key}>
                  <td data-label="Tipo di attività">
                    <Form.Select
                      aria-label={`Tipo di attività, riga ${n}`}
                      value={r.tipo}
                      onChange={(e) => chooseType(r, e.target.value)}
                      isInvalid={!!err(`righe.${i}.tipo`)}
                      aria-invalid={!!err(`righe.${i}.tipo`)}
                      aria-describedby={`progetto-riga-${i}-tipo-error`}
                    >
                      <option value="">Scegli…</option>
                      {types.map((t) => (
                        <option key={t.ID} value={t.ID}>
                          {t.Nome}
                        </option>
                      ))}
                      {/* A riga of a type archived since keeps showing it. */}
                      {r.tipo !== '' && !typeById.has(Number(r.tipo)) && <option value={r.tipo}>tipo archiviato</option>}
                    </Form.Select>
                    <div className="invalid-feedback d-block" id={`progetto-riga-${i}-tipo-error`}>
                      {err(`righe.${i}.tipo`)}
                    </div>
                  </td>
                  <td data-label="Sedute a settimana">
                    <Form.Control
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={10}
                      aria-label={`Sedute a settimana, riga ${n}`}
                      value={r.sedute}
                      onChange={(e) => setRiga(r.key, { sedute: e.target.value })}
                      isInvalid={!!err(`righe.${i}.sedute`)}
                      aria-invalid={!!err(`righe.${i}.sedute`)}
                      aria-describedby={`progetto-riga-${i}-sedute-error`}
                    />
                    <div className="invalid-feedback d-block" id={`progetto-riga-${i}-sedute-error`}>
                      {err(`righe.${i}.sedute`)}
                    </div>
                  </td>
                  <td data-label="Minuti a seduta">
                    <Form.Control
                      type="number"
                      inputMode="numeric"
                      min={15}
                      max={480}
                      step={5}
                      aria-label={`Minuti a seduta, riga ${n}`}
                      value={r.minuti}
                      onChange={(e) => setRiga(r.key, { minuti: e.target.value })}
                      isInvalid={!!err(`righe.${i}.minuti`)}
                      aria-invalid={!!err(`righe.${i}.minuti`)}
                      aria-describedby={`progetto-riga-${i}-minuti-error`}
                    />
                    <div className="invalid-feedback d-block" id={`progetto-riga-${i}-minuti-error`}>
                      {err(`righe.${i}.minuti`)}
                    </div>
                  </td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => {
                        setRighe((rows) => rows.filter((x) => x.key !== r.key));
                        setErrors({});
                      }}
                      aria-label={`Togli la riga ${n}`}
                    >
                      Togli
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
        {err('righe') && <div className="invalid-feedback d-block mb-2">{err('righe')}</div>}
        {righe.length < MAX_RIGHE && (
          <Button variant="outline-secondary" size="sm" onClick={() => setRighe((rows) => [...rows, draftOf()])}>
            Aggiungi riga
          </Button>
        )}
        {types.length === 0 && (
          <p className="text-muted small mt-2 mb-0">Nessun tipo di attività: aggiungili in Anagrafiche → Tipi di attività.</p>
        )}
      </fieldset>

      <WeekWindowsField
        id="progetto-frequenza"
        legend="Frequenza (giorni e orari al centro)"
        hint="Di norma dal lunedì al venerdì negli orari del centro; togli i giorni in cui l’utente non viene."
        value={frequenza}
        onChange={(v) => {
          setFrequenza(v);
          setErrors({});
        }}
        maxPerDay={1}
        defaultWindow={{ dalle: '09:00', alle: '16:00' }}
        errors={frequenzaErrors}
      />
      {err('form') && <div className="invalid-feedback d-block">{err('form')}</div>}
    </FormModal>
  );
}
