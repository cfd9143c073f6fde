import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { formatDate, weekdayOf, WEEKDAYS_IT } from '../../../../common/dates.ts';
import { italianHolidays } from '../../../../common/holidays.ts';
import { closingDaySchema, PRESENZE_MSG } from '../../../../common/presenze.ts';
import { DateField } from '../../../components/date-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { checkForm } from '../../../lib/form-check.ts';
import { useFormValues } from '../../../lib/form-values.ts';
import { isAdmin, useUser } from '../../../lib/session.ts';
import { withToasts } from '../../../lib/toasts.ts';
import { useAddClosingDay, useClosingDays, useDeleteClosingDay } from '../api/closing-days.ts';
import { ListState } from '../../../components/list-state.tsx';
import { TableHead } from '../../../components/table-head.tsx';

const dayName = (date: string) => `${WEEKDAYS_IT[weekdayOf(date)].toLowerCase()} ${formatDate(date)}`;

/** The national public holidays of a year, in date order. */
export const holidaysOf = (year: number) => [...italianHolidays(year)].sort(([a], [b]) => a.localeCompare(b));

/** Chiusure: the year's public holidays (read-only) and the centre's own closing days (administrators add and delete). */
export function ClosingDaysTab({ year, onYearChange }: { year: number; onYearChange: (year: number) => void }) {
  const admin = isAdmin(useUser());
  const list = useClosingDays(year);
  const add = useAddClosingDay();
  const remove = useDeleteClosingDay();
  const { values, setValues, setErrors, field } = useFormValues({ data: '', al: '', descrizione: '' });
  const days = list.data ?? [];

  const submit = async () => {
    // "Fino al" left empty: one day.
    const result = checkForm(closingDaySchema, {
      ...values,
      al: values.al === '' ? undefined : values.al,
    });
    if ('errors' in result) return setErrors(result.errors);
    const saved = await withToasts(add.mutateAsync(result.data), { success: ({ aggiunti }) => PRESENZE_MSG.closingDaysSaved(aggiunti) });
    if (saved) setValues({ data: '', al: '', descrizione: '' });
  };

  return (
    <section aria-labelledby="closing-title">
      <div className="presenze-toolbar">
        <h2 id="closing-title" className="h5 mb-0 me-auto">
          Chiusure del {year}
        </h2>
        <Button variant="outline-secondary" size="sm" onClick={() => onYearChange(year - 1)} aria-label="Anno precedente">
          ‹
        </Button>
        <Form.Group controlId="closing-year" className="d-flex align-items-center gap-2">
          <Form.Label className="mb-0">Anno</Form.Label>
          <Form.Control
            type="number"
            size="sm"
            min={1900}
            max={2999}
            value={year}
            className="closing-year"
            onChange={(e) => {
              const next = Number(e.target.value);
              if (Number.isInteger(next) && next >= 1900 && next <= 2999) onYearChange(next);
            }}
          />
        </Form.Group>
        <Button variant="outline-secondary" size="sm" onClick={() => onYearChange(year + 1)} aria-label="Anno successivo">
          ›
        </Button>
      </div>
      <div className="row g-4">
        <div className="col-lg-6">
          <h3 className="h6" id="holidays-title">
            Festività nazionali
          </h3>
          <Table size="sm" className="align-middle" aria-labelledby="holidays-title">
            <TableHead columns={['Data', 'Festività']} />
            <tbody>
              {holidaysOf(year).map(([date, name]) => (
                <tr key={date}>
                  <td className="text-nowrap">{dayName(date)}</td>
                  <td>{name}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <p className="small text-muted">Il centro è chiuso in questi giorni: nel registro nessuno risulta assente.</p>
        </div>
        <div className="col-lg-6">
          <h3 className="h6" id="centre-closing-title">
            Chiusure del centro
          </h3>
          <ListState label="chiusure" query={list} empty={days.length === 0} emptyText="Nessuna chiusura del centro in quest’anno." />
          {days.length > 0 && (
            <Table size="sm" className="align-middle" aria-labelledby="centre-closing-title">
              <TableHead columns={['Data', 'Descrizione']} actions={admin} />
              <tbody>
                {days.map((d) => (
                  <tr key={d.data}>
                    <td className="text-nowrap">{dayName(d.data)}</td>
                    <td className="text-break">{d.descrizione}</td>
                    {admin && (
                      <td className="text-end">
                        <Button
                          size="sm"
                          variant="outline-danger"
                          disabled={remove.isPending}
                          aria-label={`Elimina la chiusura del ${formatDate(d.data)}`}
                          onClick={() => void withToasts(remove.mutateAsync(d.data), { success: PRESENZE_MSG.closingDayDeleted })}
                        >
                          Elimina
                        </Button>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          {admin && (
            <Form
              noValidate
              className="closing-form border rounded p-3 mt-2"
              aria-labelledby="closing-form-title"
              onSubmit={(e) => {
                e.preventDefault();
                if (!add.isPending) void submit();
              }}
            >
              <h4 className="h6" id="closing-form-title">
                Aggiungi una chiusura
              </h4>
              <div className="d-flex flex-wrap gap-3">
                <DateField label="Data" {...field('data', 'closing-date')} className="mb-3" />
                <DateField label="Fino al (facoltativo)" {...field('al', 'closing-until')} className="mb-3" />
              </div>
              <TextField
                label="Descrizione"
                {...field('descrizione', 'closing-description')}
                hint="Per esempio: ponte, chiusura estiva (il santo patrono si indica in Anagrafiche → Centro)"
                maxLength={100}
              />
              <Button type="submit" variant="success" disabled={add.isPending}>
                Aggiungi chiusura
              </Button>
            </Form>
          )}
        </div>
      </div>
    </section>
  );
}
