import Alert from 'react-bootstrap/Alert';
import Nav from 'react-bootstrap/Nav';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { addDays, WEEKDAYS_IT, weekdayOf } from '../../../../common/dates.ts';
import { MODELLI_MSG } from '../../../../common/template-days.ts';
import { paths } from '../../../../common/paths.ts';
import { templateOf, useModelli } from '../api/modelli.ts';

interface Props {
  day: string;
  onDayChange: (day: string) => void;
}

/**
 * The calendar's headline on a template day: the template's name and its weekdays as tabs
 * (Sabato when the centre plans Saturdays) in place of the date, and the way back to Modelli.
 */
export function TemplateHeader({ day, onDayChange }: Props) {
  const list = useModelli();
  const modello = templateOf(list.data?.modelli, day);
  const days = modello ? Array.from({ length: list.data?.sabato ? 6 : 5 }, (_, i) => addDays(modello.settimana, i)) : [];
  return (
    <div className="template-header mb-2">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-2">
        <h1 className="h3 mb-0 me-auto template-headline">
          {modello ? `Modello «${modello.nome}»` : 'Modello'}
          {modello && <span className="visually-hidden">, {WEEKDAYS_IT[weekdayOf(day)]}</span>}
        </h1>
        <Link className="btn btn-outline-dark" to={paths.modelli}>
          Torna ai modelli
        </Link>
      </div>
      {list.isPending ? (
        <Spinner size="sm" role="status" aria-label="Caricamento del modello" />
      ) : !modello ? (
        <Alert variant="warning" className="py-2">
          {MODELLI_MSG.notFound}
        </Alert>
      ) : (
        <Nav as="nav" variant="tabs" activeKey={day} onSelect={(key) => key && onDayChange(key)} aria-label="Giorni del modello">
          {days.map((d) => (
            <Nav.Item key={d}>
              <Nav.Link as="button" eventKey={d} aria-current={d === day ? 'page' : undefined}>
                {WEEKDAYS_IT[weekdayOf(d)]}
              </Nav.Link>
            </Nav.Item>
          ))}
        </Nav>
      )}
    </div>
  );
}
