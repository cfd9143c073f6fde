import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import toast from 'react-hot-toast';
import { addDays, formatDayMonthYear } from '../../../../common/dates.ts';
import { ERROR_CODES, type ErrorCode } from '../../../../common/errors.ts';
import { PIANIFICATORE_MSG, SECONDI_DEFAULT, SECONDI_MAX, type Modo, type Proposta } from '../../../../common/pianificatore.ts';
import { actionToast } from '../../../lib/action-toast.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useRooms } from '../../../lib/rooms.ts';
import { useUndoAction } from '../../../lib/undo.ts';
import {
  scartaProposta,
  useApplicaProposta,
  useCreateProposta,
  usePeopleNames,
  useProposta,
  useScartaProposta,
  useWeekActivities,
} from '../api/proposte.ts';
import { buildProposalDiff, changesSummary } from '../proposal-diff.ts';
import { appliedText, PIANIFICATORE_TEXT as T } from '../texts.ts';
import { CoverageFigures } from './coverage-figures.tsx';
import { ProposalDiff } from './proposal-diff-view.tsx';
import '../pianificatore.css';

interface Props {
  /** The Monday of the week to plan (the week shown). */
  monday: string;
  onClose: () => void;
}

/** A refusal of the server as the dialog shows it: what happened (its message) and what to do next. */
interface Refusal {
  message: string;
  next?: string;
  /** The week changed after the proposal: the way on is a new one. */
  again?: boolean;
}

/** What to do next after a refusal, by the refusal's code (never by its message, which may be reworded). */
const NEXT_STEPS: Partial<Record<ErrorCode, string>> = {
  [ERROR_CODES.proposalBusy]: T.busyNext,
  [ERROR_CODES.noProgetti]: T.noProgettiNext,
  [ERROR_CODES.weekChanged]: T.changedNext,
};

function refusalOf(error: unknown): Refusal {
  const message = errorMessage(error);
  const code = error instanceof ApiError ? error.code : undefined;
  const again = error instanceof ApiError && error.status === 409 && code !== ERROR_CODES.proposalBusy;
  return { message, next: code ? NEXT_STEPS[code] : undefined, again };
}

const TITLE_ID = 'pianificatore-title';
/** The week in words: "Settimana dal 30-11-2026 al 04-12-2026". */
const weekWords = (monday: string) => `Settimana dal ${formatDayMonthYear(monday)} al ${formatDayMonthYear(addDays(monday, 4))}`;

/**
 * Proponi settimana (docs/product.md, Pianificatore): the mode and the time limit; the solver's progress, live; the
 * proposal as a diff of the week with its coverage and what stays uncovered; Applica (then Annulla in the toast) or
 * Scarta. Nothing is written before Applica; closing the dialog discards the proposal. Each step moves the focus to
 * its heading, so a keyboard or screen reader user starts reading where the dialog changed.
 */
export function PropostaDialog({ monday, onClose }: Props) {
  const [modo, setModo] = useState<Modo>('completa');
  const [secondi, setSecondi] = useState(String(SECONDI_DEFAULT));
  const [secondiError, setSecondiError] = useState<string>();
  const [refusal, setRefusal] = useState<Refusal>();
  const [id, setId] = useState<number | null>(null);
  const [limit, setLimit] = useState(SECONDI_DEFAULT);
  const create = useCreateProposta();
  const applica = useApplicaProposta();
  const scarta = useScartaProposta();
  const undoAction = useUndoAction();
  const proposta = useProposta(id);
  const data = id !== null ? proposta.data : undefined;
  const stato = id === null ? 'scelta' : proposta.isError ? 'errore' : (data?.stato ?? 'in_corso');

  // Each step's heading takes the focus when the step begins (the first: the mode chosen).
  const heading = useRef<HTMLHeadingElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (stato === 'scelta' && !refusal) firstField.current?.focus();
    else heading.current?.focus();
  }, [stato, refusal]);

  const prepare = async (event?: FormEvent) => {
    event?.preventDefault();
    const seconds = Number(secondi);
    if (!/^\d+$/.test(secondi.trim()) || seconds < 1 || seconds > SECONDI_MAX) {
      setSecondiError(T.secondsInvalid);
      document.getElementById('pianificatore-secondi')?.focus();
      return;
    }
    setSecondiError(undefined);
    setRefusal(undefined);
    try {
      const answer = await create.mutateAsync({ settimana: monday, modo, secondi: seconds });
      setLimit(seconds);
      setId(answer.ID);
    } catch (error) {
      console.error(error);
      setRefusal(refusalOf(error));
      setId(null);
    }
  };

  /** A proposal left (in preparation, or ready and not applied) is discarded on the server: its solver stops. */
  const leave = () => {
    if (id !== null && (!data || data.stato === 'in_corso' || data.stato === 'pronta')) void scartaProposta(id).catch(console.error);
  };

  /** Back to the choice, the proposal left. */
  const restart = () => {
    leave();
    setId(null);
    setRefusal(undefined);
    applica.reset();
  };

  /** × and Esc: the proposal is discarded (nothing was written); the dialog closes at once. */
  const dismiss = () => {
    leave();
    onClose();
  };

  const discard = async () => {
    if (id === null) return;
    try {
      await scarta.mutateAsync(id);
    } catch (error) {
      // Already gone (applied elsewhere, expired): the dialog closes all the same, the message says why.
      console.error(error);
      toast.error(errorMessage(error));
      onClose();
      return;
    }
    toast.success(T.discarded);
    onClose();
  };

  const apply = async () => {
    if (id === null) return;
    setRefusal(undefined);
    try {
      const answer = await applica.mutateAsync(id);
      onClose();
      actionToast(appliedText(answer.scritte), undoAction(answer.operazione, 'operazione'));
    } catch (error) {
      console.error(error);
      setRefusal(refusalOf(error));
    }
  };

  let body: ReactNode;
  let footer: ReactNode;
  if (stato === 'scelta') {
    body = (
      <Form id="pianificatore-form" noValidate onSubmit={(e) => void prepare(e)}>
        <p className="mb-3">{weekWords(monday)}</p>
        {refusal && <RefusalAlert refusal={refusal} headingRef={heading} />}
        <fieldset className="mb-3">
          <legend className="form-label fs-6 mb-2">{T.modeLegend}</legend>
          <ModeChoice value="completa" label={T.completa} help={T.completaHelp} checked={modo} onChange={setModo} inputRef={firstField} />
          <ModeChoice value="rifai" label={T.rifai} help={T.rifaiHelp} checked={modo} onChange={setModo} inputRef={firstField} />
        </fieldset>
        <Form.Group controlId="pianificatore-secondi" className="mb-3 pian-seconds">
          <Form.Label>{T.seconds}</Form.Label>
          <Form.Control
            type="number"
            inputMode="numeric"
            min={1}
            max={SECONDI_MAX}
            step={1}
            value={secondi}
            onChange={(e) => setSecondi(e.target.value)}
            isInvalid={!!secondiError}
            aria-invalid={!!secondiError}
            aria-describedby={['pianificatore-secondi-hint', secondiError && 'pianificatore-secondi-error'].filter(Boolean).join(' ')}
          />
          <Form.Text id="pianificatore-secondi-hint" muted>
            {T.secondsHint}
          </Form.Text>
          <Form.Control.Feedback type="invalid" id="pianificatore-secondi-error">
            {secondiError}
          </Form.Control.Feedback>
        </Form.Group>
        <p className="text-body-secondary mb-0">{T.nothingWritten}</p>
      </Form>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={onClose}>
          {T.close}
        </Button>
        <Button type="submit" form="pianificatore-form" disabled={create.isPending}>
          {create.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {T.prepare}
        </Button>
      </>
    );
  } else if (stato === 'in_corso') {
    body = <Progress headingRef={heading} monday={monday} proposta={data} limit={limit} />;
    footer = (
      <Button variant="outline-secondary" onClick={restart}>
        {T.stop}
      </Button>
    );
  } else if (stato === 'pronta' && data) {
    body = <Ready headingRef={heading} proposta={data} refusal={refusal} />;
    const nothing = data.aggiunte.length === 0 && data.rimosse.length === 0;
    footer = refusal?.again ? (
      <>
        <Button variant="secondary" onClick={dismiss}>
          {T.close}
        </Button>
        <Button onClick={restart}>{T.newProposal}</Button>
      </>
    ) : (
      <>
        <Button variant="outline-danger" onClick={() => void discard()} disabled={applica.isPending || scarta.isPending}>
          {T.discard}
        </Button>
        <Button variant="success" onClick={() => void apply()} disabled={nothing || applica.isPending || scarta.isPending}>
          {applica.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {applica.isPending ? T.applying : T.apply}
        </Button>
      </>
    );
  } else {
    // errore, or a proposal applied or discarded meanwhile (another tab), or no longer there.
    const message =
      stato === 'applicata'
        ? PIANIFICATORE_MSG.alreadyApplied
        : stato === 'scartata'
          ? PIANIFICATORE_MSG.discarded
          : proposta.isError
            ? errorMessage(proposta.error)
            : (data?.errore ?? PIANIFICATORE_MSG.failed);
    body = (
      <>
        <h2 ref={heading} tabIndex={-1} className="h5 pian-step-title">
          {T.failed}
        </h2>
        <Alert variant="danger" className="mb-0">
          {message}
        </Alert>
      </>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={onClose}>
          {T.close}
        </Button>
        <Button onClick={restart}>{T.newProposal}</Button>
      </>
    );
  }

  return (
    <Modal show onHide={dismiss} size="xl" fullscreen="sm-down" scrollable backdrop="static" aria-labelledby={TITLE_ID}>
      <Modal.Header closeButton closeLabel="Chiudi">
        <Modal.Title id={TITLE_ID}>{T.title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{body}</Modal.Body>
      <Modal.Footer>{footer}</Modal.Footer>
    </Modal>
  );
}

function ModeChoice({
  value,
  label,
  help,
  checked,
  onChange,
  inputRef,
}: {
  value: Modo;
  label: string;
  help: string;
  checked: Modo;
  onChange: (modo: Modo) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const id = `pianificatore-modo-${value}`;
  return (
    <Form.Check type="radio" id={id} name="pianificatore-modo" className="mb-2">
      <Form.Check.Input
        type="radio"
        name="pianificatore-modo"
        value={value}
        checked={checked === value}
        onChange={() => onChange(value)}
        ref={checked === value ? inputRef : undefined}
        aria-describedby={`${id}-help`}
      />
      <Form.Check.Label className="fw-semibold">{label}</Form.Check.Label>
      <Form.Text id={`${id}-help`} className="d-block text-body-secondary">
        {help}
      </Form.Text>
    </Form.Check>
  );
}

function RefusalAlert({ refusal, headingRef }: { refusal: Refusal; headingRef: React.RefObject<HTMLHeadingElement | null> }) {
  return (
    <Alert variant="danger">
      <h2 ref={headingRef} tabIndex={-1} className="h6 mb-1 pian-step-title">
        {refusal.message}
      </h2>
      {refusal.next && <p className="mb-0">{refusal.next}</p>}
    </Alert>
  );
}

/** The solver at work: how far it is (live, from the stream) and the seconds used out of the limit. */
function Progress({
  headingRef,
  monday,
  proposta,
  limit,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  monday: string;
  proposta: Proposta | undefined;
  limit: number;
}) {
  const share = Math.max(0, Math.min(1, proposta?.avanzamento ?? 0));
  const pct = Math.round(share * 100);
  const used = (proposta?.secondi ?? 0).toLocaleString('it-IT', { maximumFractionDigits: 0 });
  const text = `${pct} %, ${used} secondi su ${limit}`;
  return (
    <>
      <h2 ref={headingRef} tabIndex={-1} className="h5 pian-step-title">
        {T.preparing}
      </h2>
      <p>{weekWords(monday)}</p>
      <div
        className="pian-progress mb-2"
        role="progressbar"
        aria-label={T.preparing}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
        aria-valuetext={text}
      >
        <div className="pian-progress-bar" style={{ width: `${pct}%` }} />
      </div>
      <p className="mb-3" aria-hidden="true">
        {text}
      </p>
      <p className="text-body-secondary mb-0">{T.preparingNote}</p>
    </>
  );
}

/** The proposal ready: coverage, the diff of the week, what stays uncovered; a refusal of Applica above them. */
function Ready({
  headingRef,
  proposta,
  refusal,
}: {
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  proposta: Proposta;
  refusal: Refusal | undefined;
}) {
  const start = proposta.settimana;
  const stop = addDays(start, 5);
  const rooms = useRooms();
  const week = useWeekActivities(start, stop, proposta.rimosse.length > 0);
  const names = usePeopleNames(proposta.aggiunte.length > 0);
  const days = buildProposalDiff({
    settimana: start,
    aggiunte: proposta.aggiunte,
    rimosse: proposta.rimosse,
    attivita: week.data?.attivita ?? [],
    rooms: rooms.data ?? [],
    patients: names.patients,
    therapists: names.therapists,
  });
  const notCoveredRef = useRef<HTMLHeadingElement>(null);
  const missing = proposta.nonCoperte.reduce((sum, n) => sum + n.mancano, 0);
  return (
    <>
      {refusal ? (
        <RefusalAlert refusal={refusal} headingRef={headingRef} />
      ) : (
        <h2 ref={headingRef} tabIndex={-1} className="h5 pian-step-title">
          {T.ready}: settimana dal <span className="text-nowrap">{formatDayMonthYear(start)}</span> al{' '}
          <span className="text-nowrap">{formatDayMonthYear(addDays(start, 4))}</span>
        </h2>
      )}
      <p className="text-body-secondary">{T.nothingWritten}</p>
      <CoverageFigures copertura={proposta.copertura} />
      {proposta.nonCoperte.length > 0 && (
        <p>
          <Button variant="link" className="p-0 align-baseline" onClick={() => notCoveredRef.current?.focus()}>
            {missing === 1 ? '1 seduta non coperta' : `${missing} sedute non coperte`}: vedi perché
          </Button>
        </p>
      )}
      <section aria-labelledby="pian-changes-title" className="mb-4">
        <h3 id="pian-changes-title" className="h6">
          {T.changes}: {changesSummary(proposta.aggiunte.length, proposta.rimosse.length).toLowerCase()}
        </h3>
        {proposta.aggiunte.length === 0 && proposta.rimosse.length === 0 ? <p>{T.noChanges}</p> : <ProposalDiff days={days} />}
      </section>
      <section aria-labelledby="pian-non-coperte">
        <h3 id="pian-non-coperte" ref={notCoveredRef} tabIndex={-1} className="h6 pian-step-title">
          {T.notCovered} ({missing})
        </h3>
        {proposta.nonCoperte.length === 0 ? (
          <p className="mb-0">{T.allCovered}</p>
        ) : (
          <ul className="pian-not-covered mb-0">
            {proposta.nonCoperte.map((n) => (
              <li key={`${n.paziente}-${n.tipo}`}>{n.spiegazione}</li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
