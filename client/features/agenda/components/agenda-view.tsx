import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Spinner from 'react-bootstrap/Spinner';
import { formatDayMonthYear, todayLocal, weekdayAndDate } from '../../../../common/dates.ts';
import { ERROR_CODES } from '../../../../common/errors.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ExportButton } from '../../../components/export-button.tsx';
import { useExport } from '../../../lib/export-record.ts';
import { isAdmin, linkedTherapist, useUser } from '../../../lib/session.ts';
import { useQueryClient } from '@tanstack/react-query';
import { agendaQueryOptions, useAgenda, type AgendaKind } from '../api/get-agenda.ts';
import { agendaRange, fullName, groupByDay, stepDay, type AgendaSpan } from '../agenda-days.ts';
import { agendaPdfName, saveAgendaPdf } from '../agenda-pdf.ts';
import { AgendaEntryItem, type RunDetails } from './agenda-entry.tsx';
import { FeedPanel } from './feed-panel.tsx';
import '../agenda.css';

interface Props {
  tipo: AgendaKind;
  id: number;
  day: string;
  span: AgendaSpan;
  onChange: (changes: { data?: string; vista?: AgendaSpan }) => void;
  /** The centre's name at the top of the PDF (the centre's settings, read when the PDF is made). */
  loadCentreName: () => Promise<string>;
  /** In an operatore's agenda, under each run: its stops in order (features/trasporti, through the route). */
  runDetails?: RunDetails;
}

const weekLabel = (start: string, stop: string) => `Settimana dal ${formatDayMonthYear(start)} al ${formatDayMonthYear(stop)}`;

/**
 * Agenda (docs/product.md, Schermate): one patient's or therapist's activities and minibus runs,
 * day by day, as a list that reads on a phone; a week as a PDF; for a therapist, her calendar link.
 */
export function AgendaView({ tipo, id, day, span, onChange, loadCentreName, runDetails }: Props) {
  const user = useUser();
  const queryClient = useQueryClient();
  const { start, stop } = agendaRange(day, span);
  const agenda = useAgenda(tipo, id, start, stop);
  const pdf = useExport();
  const person = agenda.data?.persona;
  const name = person ? fullName(person) : '';
  const days = groupByDay(agenda.data?.voci ?? [], day, span);
  const notFound = agenda.error instanceof ApiError && agenda.error.code === ERROR_CODES.notFound;
  const showFeed = tipo === 'terapista' && (isAdmin(user) || linkedTherapist(user) === id);

  const savePdf = () =>
    pdf.run(async () => {
      const week = agendaRange(day, 'settimana');
      const [centre, weekAgenda] = await Promise.all([
        loadCentreName(),
        queryClient.fetchQuery(agendaQueryOptions(tipo, id, week.start, week.stop)),
      ]);
      return {
        record: { tipo: 'agenda_pdf', dal: week.start, al: week.stop, ...(tipo === 'paziente' ? { paziente: id } : {}) },
        make: () =>
          saveAgendaPdf(
            {
              tipo,
              centre,
              person: fullName(weekAgenda.persona),
              week: weekLabel(week.start, week.stop),
              days: groupByDay(weekAgenda.voci, day, 'settimana'),
            },
            agendaPdfName(tipo, id, week.start),
          ),
      };
    });

  return (
    <div className="agenda">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0 me-auto">
          {person ? (
            <>
              Agenda di {name}
              {person.archiviato && (
                <Badge bg="secondary" className="ms-2 align-middle fs-6">
                  archiviato
                </Badge>
              )}
            </>
          ) : (
            'Agenda'
          )}
        </h1>
        <ExportButton variant="outline-dark" busy={pdf.busy} onClick={() => void savePdf()} disabled={!person}>
          Scarica PDF della settimana
        </ExportButton>
      </div>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3" role="toolbar" aria-label="Giorni dell'agenda">
        <ButtonGroup>
          <Button
            variant="outline-dark"
            onClick={() => onChange({ data: stepDay(day, span, -1) })}
            aria-label={span === 'giorno' ? 'Giorno precedente' : 'Settimana precedente'}
            title={span === 'giorno' ? 'Giorno precedente' : 'Settimana precedente'}
          >
            ‹
          </Button>
          <Button variant="outline-dark" onClick={() => onChange({ data: todayLocal() })}>
            Oggi
          </Button>
          <Button
            variant="outline-dark"
            onClick={() => onChange({ data: stepDay(day, span, 1) })}
            aria-label={span === 'giorno' ? 'Giorno successivo' : 'Settimana successiva'}
            title={span === 'giorno' ? 'Giorno successivo' : 'Settimana successiva'}
          >
            ›
          </Button>
        </ButtonGroup>
        <ButtonGroup aria-label="Vista">
          <Button
            variant={span === 'giorno' ? 'dark' : 'outline-dark'}
            aria-pressed={span === 'giorno'}
            onClick={() => onChange({ vista: 'giorno' })}
          >
            Giorno
          </Button>
          <Button
            variant={span === 'settimana' ? 'dark' : 'outline-dark'}
            aria-pressed={span === 'settimana'}
            onClick={() => onChange({ vista: 'settimana' })}
          >
            Settimana
          </Button>
        </ButtonGroup>
        <span className="fw-semibold">{span === 'giorno' ? weekdayAndDate(day) : weekLabel(start, stop)}</span>
      </div>

      {notFound ? (
        <Alert variant="warning">Questa persona non è in anagrafica: controlla il link o cercala in Anagrafiche.</Alert>
      ) : agenda.isError && !agenda.data ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-3">
          <span className="me-auto">Impossibile caricare l&apos;agenda: controlla la connessione.</span>
          <Button variant="outline-danger" onClick={() => void agenda.refetch()}>
            Riprova
          </Button>
        </Alert>
      ) : agenda.isPending ? (
        <div className="text-center py-5">
          <Spinner role="status" aria-label="Caricamento dell'agenda" />
        </div>
      ) : (
        <div className={agenda.isPlaceholderData ? 'agenda-days opacity-50' : 'agenda-days'} aria-busy={agenda.isPlaceholderData}>
          {days.map((d) => (
            <section key={d.day} className="agenda-day" aria-label={d.label}>
              {span === 'settimana' && <h2 className="h6 agenda-day-title">{d.label}</h2>}
              {d.entries.length === 0 ? (
                <p className="text-muted agenda-empty mb-3">
                  {span === 'giorno' ? 'Nessuna attività in programma per questa giornata.' : 'Nessuna attività in programma.'}
                </p>
              ) : (
                <ul className="agenda-list list-unstyled">
                  {d.entries.map((entry) => (
                    <AgendaEntryItem key={`${entry.tipo}-${entry.ID}`} entry={entry} tipo={tipo} runDetails={runDetails} />
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
      {showFeed && person && <FeedPanel therapistId={id} />}
    </div>
  );
}
