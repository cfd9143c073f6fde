import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { Agenda } from '../../../../common/agenda.ts';
import { addDays, daysInRange, formatDate, mondayOf } from '../../../../common/dates.ts';
import { agendaOf } from '../../../../common/paths.ts';
import type { Progetto, TipoRecord } from '../../../../common/progetti.ts';
import { useConfirm } from '../../../components/confirm-modal.tsx';
import { ExportButton } from '../../../components/export-button.tsx';
import { typeName, useActivityTypes } from '../../../lib/activity-types.ts';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { useExport } from '../../../lib/export-record.ts';
import { QUERY_KEYS } from '../../../lib/query-keys.ts';
import { isAdmin, useUser } from '../../../lib/session.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useCopertura, useDeleteProgetto, useProgetti } from '../api/progetti.ts';
import { frequenzaText, periodText, progettoPdfName, saveProgettoPdf } from '../progetto-pdf.ts';
import { CloseProgettoModal } from './close-progetto-modal.tsx';
import { CoverageCell } from './coverage-cell.tsx';
import { ProgettoFormModal } from './progetto-form-modal.tsx';
import { TableHead } from '../../../components/table-head.tsx';

interface Props {
  utente: number;
  /** The day whose week the coverage shows, and "today" for what is current (from the URL; today by default). */
  day: string;
  /** The centre's name at the top of the PDF (the centre's settings, read when the PDF is made). */
  loadCentreName: () => Promise<string>;
}

/** A review within this many days is highlighted. */
export const VERIFICA_NEAR_DAYS = 30;

type Dialog = { type: 'new' } | { type: 'edit'; progetto: Progetto } | { type: 'close'; progetto: Progetto } | null;

const isCurrent = (p: Progetto, day: string) => p.dal <= day && (p.al === null || p.al >= day);

/** "Verifica tra 12 giorni", "Verifica oggi", "Verifica scaduta da 3 giorni"; null when it is further than 30 days. */
export function verificaNote(verifica: string, day: string): string | null {
  if (verifica === day) return 'Verifica oggi';
  if (verifica < day) {
    const late = daysInRange(verifica, day) - 1;
    return `Verifica scaduta da ${late === 1 ? '1 giorno' : `${late} giorni`}`;
  }
  const left = daysInRange(day, verifica) - 1;
  if (left > VERIFICA_NEAR_DAYS) return null;
  return `Verifica tra ${left === 1 ? '1 giorno' : `${left} giorni`}`;
}

/**
 * Scheda utente (docs/product.md, Schermate): the utente, this week's coverage of his progetto, and for administrators
 * the current progetto (goals, righe, frequenza, review), the past ones, Nuovo progetto / Modifica / Chiudi / Elimina
 * and Stampa progetto. The consultazione role sees the coverage and never the goals.
 */
export function SchedaView({ utente, day, loadCentreName }: Props) {
  const admin = isAdmin(useUser());
  const monday = mondayOf(day);
  const person = useQuery({
    queryKey: [...QUERY_KEYS.week, 'agenda', 'paziente', utente, monday, addDays(monday, 6)],
    queryFn: () => api.post<Agenda>('/agenda', { tipo: 'paziente', ID: utente, datastart: monday, datastop: addDays(monday, 6) }),
  });
  const progetti = useProgetti(utente, admin);
  const types = useActivityTypes(admin);
  const copertura = useCopertura(monday);
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteProgetto();
  const confirm = useConfirm();
  const pdf = useExport();

  const persona = person.data?.persona;
  const nome = persona ? `${persona.nome} ${persona.cognome}`.trim() : '';
  const list = progetti.data ?? [];
  const current = list.find((p) => isCurrent(p, day));
  const future = list.filter((p) => p.dal > day);
  const past = list.filter((p) => p.al !== null && p.al < day);
  const mine = copertura.data?.pazienti.find((p) => p.paziente === utente);

  const print = (p: Progetto) =>
    pdf.run(async () => {
      const centre = await loadCentreName();
      return {
        record: { tipo: 'progetto_pdf', dal: p.dal, al: p.al ?? p.verifica, paziente: utente },
        make: () =>
          saveProgettoPdf(
            { centre, utente: nome, progetto: p, typeNames: p.righe.map((r) => typeName(types.data, r.tipo)) },
            progettoPdfName(utente, p.dal),
          ),
      };
    });

  const deleteProgetto = async (p: Progetto) => {
    const ok = await confirm.ask({
      title: 'Eliminare il progetto?',
      body: `Il progetto ${periodText(p)} sarà eliminato. Si elimina solo un progetto mai iniziato: uno in corso si chiude.`,
      confirmLabel: 'Elimina',
    });
    if (ok) await withToasts(remove.mutateAsync(p.ID), { success: 'Progetto eliminato' });
  };

  if (person.isError)
    return (
      <Alert variant="danger" className="mt-3">
        {errorMessage(person.error)}
      </Alert>
    );
  if (person.isPending)
    return (
      <div className="text-center py-5">
        <Spinner role="status" aria-label="Caricamento della scheda" />
      </div>
    );

  return (
    <div className="scheda">
      {confirm.dialog}
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h4 mb-0 me-auto">
          Scheda di {nome}
          {persona?.archiviato && (
            <Badge bg="secondary" className="ms-2 align-middle fs-6">
              archiviato
            </Badge>
          )}
        </h1>
        <Link className="btn btn-outline-secondary" to={agendaOf('paziente', utente, day, 'settimana')}>
          Agenda
        </Link>
        {admin && !current && (
          <Button variant="success" onClick={() => setDialog({ type: 'new' })} disabled={types.isPending}>
            Nuovo progetto
          </Button>
        )}
      </div>

      <section aria-labelledby="scheda-settimana" className="mb-4">
        <h2 id="scheda-settimana" className="h5">
          Questa settimana (dal {formatDate(monday)})
        </h2>
        {copertura.isPending ? (
          <Spinner size="sm" role="status" aria-label="Caricamento della copertura" />
        ) : !mine ? (
          <p className="text-muted mb-0">Nessun progetto copre questa settimana: l’utente è senza progetto.</p>
        ) : (
          <Table size="sm" bordered className="coverage-table scheda-coverage mb-0">
            <TableHead columns={['Attività', 'Pianificate / previste']} />
            <tbody>
              {mine.righe.map((r) => (
                <tr key={r.tipo}>
                  <th scope="row">{r.nome}</th>
                  <td>
                    <CoverageCell riga={r} context={r.nome} shortLink={agendaOf('paziente', utente, monday, 'settimana')} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>

      {!admin ? (
        <p className="text-muted">Obiettivi e progetto sono visibili solo agli amministratori.</p>
      ) : progetti.isPending ? (
        <Spinner role="status" aria-label="Caricamento dei progetti" />
      ) : progetti.isError ? (
        <Alert variant="danger">{errorMessage(progetti.error)}</Alert>
      ) : (
        <>
          <section aria-labelledby="scheda-corrente" className="mb-4">
            <h2 id="scheda-corrente" className="h5">
              Progetto in corso
            </h2>
            {current ? (
              <ProgettoCard
                progetto={current}
                day={day}
                types={types.data}
                busy={pdf.busy}
                onEdit={() => setDialog({ type: 'edit', progetto: current })}
                onClose={() => setDialog({ type: 'close', progetto: current })}
                onPrint={() => void print(current)}
              />
            ) : (
              <p className="text-muted mb-0">Nessun progetto in corso: l’utente è senza progetto.</p>
            )}
          </section>
          {future.length > 0 && (
            <section aria-labelledby="scheda-futuri" className="mb-4">
              <h2 id="scheda-futuri" className="h5">
                Progetti che devono iniziare
              </h2>
              {future.map((p) => (
                <ProgettoCard
                  key={p.ID}
                  progetto={p}
                  day={day}
                  types={types.data}
                  busy={pdf.busy}
                  onEdit={() => setDialog({ type: 'edit', progetto: p })}
                  onDelete={() => void deleteProgetto(p)}
                  onPrint={() => void print(p)}
                />
              ))}
            </section>
          )}
          <section aria-labelledby="scheda-passati">
            <h2 id="scheda-passati" className="h5">
              Progetti passati
            </h2>
            {past.length === 0 ? (
              <p className="text-muted">Nessun progetto passato.</p>
            ) : (
              past.map((p) => (
                <details key={p.ID} className="mb-2">
                  <summary>Progetto {periodText(p)}</summary>
                  <ProgettoCard progetto={p} day={day} types={types.data} busy={pdf.busy} onPrint={() => void print(p)} />
                </details>
              ))
            )}
          </section>
        </>
      )}

      {admin && (dialog?.type === 'new' || dialog?.type === 'edit') && (
        <ProgettoFormModal
          paziente={utente}
          nome={nome}
          progetto={dialog.type === 'edit' ? dialog.progetto : undefined}
          types={types.data ?? []}
          today={day}
          onClose={() => setDialog(null)}
        />
      )}
      {admin && dialog?.type === 'close' && <CloseProgettoModal progetto={dialog.progetto} day={day} onClose={() => setDialog(null)} />}
    </div>
  );
}

interface CardProps {
  progetto: Progetto;
  day: string;
  types: TipoRecord[] | undefined;
  busy: boolean;
  onEdit?: () => void;
  onClose?: () => void;
  onDelete?: () => void;
  onPrint: () => void;
}

/** One progetto as the Scheda shows it: period, review (highlighted when near), frequenza, goals, righe and its actions. */
function ProgettoCard({ progetto, day, types, busy, onEdit, onClose, onDelete, onPrint }: CardProps) {
  const note = progetto.al !== null && progetto.al < day ? null : verificaNote(progetto.verifica, day);
  return (
    <div className="card mb-3">
      <div className="card-body">
        <dl className="scheda-facts mb-2">
          <dt>Periodo</dt>
          <dd>{periodText(progetto)}</dd>
          <dt>Verifica</dt>
          <dd>
            {formatDate(progetto.verifica)}
            {note && (
              <Badge bg="warning" text="dark" className="ms-2">
                <span aria-hidden="true">⚠ </span>
                {note}
              </Badge>
            )}
          </dd>
          <dt>Frequenza</dt>
          <dd>{frequenzaText(progetto)}</dd>
        </dl>
        <h3 className="h6">Obiettivi</h3>
        <p className="scheda-goals">{progetto.obiettivi || <span className="text-muted">Nessun obiettivo scritto.</span>}</p>
        <Table size="sm" className="mb-3">
          <TableHead columns={['Attività', 'Sedute a settimana', 'Minuti a seduta']} />
          <tbody>
            {progetto.righe.map((r) => (
              <tr key={r.tipo}>
                <td>{typeName(types, r.tipo)}</td>
                <td>{r.sedute}</td>
                <td>{r.minuti}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <div className="d-flex flex-wrap gap-2">
          {onEdit && (
            <Button variant="outline-primary" size="sm" onClick={onEdit}>
              Modifica
            </Button>
          )}
          <ExportButton busy={busy} size="sm" variant="outline-secondary" onClick={onPrint}>
            Stampa progetto
          </ExportButton>
          {onClose && (
            <Button variant="outline-secondary" size="sm" onClick={onClose}>
              Chiudi progetto
            </Button>
          )}
          {onDelete && (
            <Button variant="outline-danger" size="sm" onClick={onDelete}>
              Elimina
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
