import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import CloseButton from 'react-bootstrap/CloseButton';
import { MSG } from '../../../../common/messages.ts';
import { TRASPORTI_MSG } from '../../../../common/trasporti.ts';
import { absentNote } from '../../../../common/presenze.ts';
import type { DayTransportRun } from '../../../../common/schemas.ts';
import { FormModal } from '../../../components/form-modal.tsx';
import { TimeField } from '../../../components/time-field.tsx';
import { serverFieldErrors } from '../../../lib/api-client.ts';
import { useFormValues } from '../../../lib/form-values.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useRunOrder, useRunStop } from '../api/runs.ts';

type Passenger = DayTransportRun['Pazienti'][number];
const nameOf = (p: Passenger) => `${p.Nome} ${p.Cognome}`;

/** The time of one stop: set, changed or cleared (the server keeps it between two hours before departure and arrival). */
function StopTimeModal({ run, passenger, onClose }: { run: DayTransportRun; passenger: Passenger; onClose: () => void }) {
  const { values, setErrors, field } = useFormValues({ ora: passenger.OraFermata ?? '' });
  const { ora } = values;
  /** Something written that is no time: refused here, never taken for "no stop time". */
  const [written, setWritten] = useState(false);
  const stop = useRunStop();
  const save = async (value: string | null) => {
    const work = stop.mutateAsync({ uscita: run.ID, paziente: passenger.RifPaziente, ora: value }).catch((e: unknown) => {
      setErrors({ ora: serverFieldErrors(e).ora });
      throw e;
    });
    if (await withToasts(work, { success: MSG.saved })) onClose();
  };
  return (
    <FormModal
      title={`Orario di fermata di ${nameOf(passenger)}`}
      submitLabel="Salva"
      busy={stop.isPending}
      onSubmit={() => {
        if (ora === '' && written) return setErrors({ ora: TRASPORTI_MSG.stopTimeFormat });
        void save(ora === '' ? null : ora);
      }}
      onClose={onClose}
    >
      <p className="text-muted small">
        {run.Tratta}, partenza {run.Ora.slice(0, 5)}, arrivo {run.OraArrivo.slice(0, 5)}. Lascia vuoto per togliere l’orario.
      </p>
      <TimeField label="Orario di fermata" {...field('ora', 'stop-time')} onText={(text) => setWritten(text.trim() !== '')} autoFocus />
    </FormModal>
  );
}

interface Props {
  run: DayTransportRun;
  busy: boolean;
  onRemove: (personId: number, name: string) => void;
}

/**
 * The stops of a run in order: each passenger with the stop's time, ♿ for a wheelchair, struck through when absent
 * (with the reason); Su / Giù move a stop with the keyboard alone, the focus staying on the button of the moved row.
 */
export function RunStops({ run, busy, onRemove }: Props) {
  const order = useRunOrder();
  const [timing, setTiming] = useState<Passenger | null>(null);
  /** The button to focus once the new order shows: `${id}-su` or `${id}-giu`. */
  const [focus, setFocus] = useState<{ id: number; dir: 'su' | 'giu' } | null>(null);
  /** The order just asked for, shown at once while the server saves it. */
  const [pending, setPending] = useState<number[] | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const byId = new Map(run.Pazienti.map((p) => [p.RifPaziente, p]));
  const ids =
    pending && pending.length === run.Pazienti.length && pending.every((id) => byId.has(id))
      ? pending
      : run.Pazienti.map((p) => p.RifPaziente);
  const passengers = ids.map((id) => byId.get(id)!);
  const idsKey = ids.join(',');
  const title = `${run.Tratta} ${run.Ora.slice(0, 5)}`;

  useEffect(() => {
    if (!focus || !listRef.current) return;
    const wanted = listRef.current.querySelector<HTMLButtonElement>(`[data-move="${focus.id}-${focus.dir}"]`);
    const other = listRef.current.querySelector<HTMLButtonElement>(`[data-move="${focus.id}-${focus.dir === 'su' ? 'giu' : 'su'}"]`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
    // Once: a later change of the list (someone added) leaves the focus where the user has it.
    setFocus(null);
  }, [focus, idsKey]);

  // The buttons stay enabled while a move saves (a disabled button would lose the focus): a press then waits its turn.
  const move = (index: number, dir: 'su' | 'giu') => {
    if (order.isPending) return;
    const next = [...ids];
    const to = dir === 'su' ? index - 1 : index + 1;
    [next[index], next[to]] = [next[to], next[index]];
    setPending(next);
    setFocus({ id: ids[index], dir });
    void withToasts(order.mutateAsync({ uscita: run.ID, pazienti: next }), { success: MSG.saved }).finally(() => setPending(null));
  };

  if (passengers.length === 0) return <p className="text-muted small mb-2">Nessuno</p>;
  return (
    <>
      <ol ref={listRef} className="run-stops list-unstyled mb-2" aria-label={`Fermate di ${title}, in ordine`}>
        {passengers.map((p, i) => {
          const name = nameOf(p);
          const absent = p.Assente && p.Motivo ? absentNote(p.Motivo) : null;
          return (
            <li key={p.RifPaziente} className="run-stop">
              <span className="run-stop-order" aria-hidden="true">
                {i + 1}.
              </span>
              <span className="run-stop-time">{p.OraFermata ? p.OraFermata.slice(0, 5) : '--:--'}</span>
              <span className="run-stop-name">
                <span className="visually-hidden">Fermata {i + 1}: </span>
                {absent ? <s>{name}</s> : name}
                {p.Carrozzina && (
                  <span className="ms-1" title="Viaggia in carrozzina">
                    <span aria-hidden="true">♿</span>
                    <span className="visually-hidden"> carrozzina</span>
                  </span>
                )}
                {absent && <span className="text-muted small"> ({absent})</span>}
                {p.Indirizzo && <span className="d-block small text-muted">{p.Indirizzo}</span>}
              </span>
              <span className="run-stop-actions">
                <Button
                  size="sm"
                  variant="outline-secondary"
                  data-move={`${p.RifPaziente}-su`}
                  disabled={busy || i === 0}
                  onClick={() => move(i, 'su')}
                  aria-label={`Sposta su ${name}`}
                  title="Sposta su"
                >
                  Su
                </Button>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  data-move={`${p.RifPaziente}-giu`}
                  disabled={busy || i === passengers.length - 1}
                  onClick={() => move(i, 'giu')}
                  aria-label={`Sposta giù ${name}`}
                  title="Sposta giù"
                >
                  Giù
                </Button>
                <Button
                  size="sm"
                  variant="outline-primary"
                  disabled={busy}
                  onClick={() => setTiming(p)}
                  aria-label={`Orario di fermata di ${name}`}
                >
                  Orario
                </Button>
                <CloseButton aria-label={`Togli ${name}`} disabled={busy} onClick={() => onRemove(p.RifPaziente, name)} />
              </span>
            </li>
          );
        })}
      </ol>
      {timing && <StopTimeModal run={run} passenger={timing} onClose={() => setTiming(null)} />}
    </>
  );
}
