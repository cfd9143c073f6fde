import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MONTHS_IT } from '../../common/dates.ts';
import { MonthField } from './month-field.tsx';

function Field({ onChange = vi.fn() }: { onChange?: (month: string) => void }) {
  const [value, setValue] = useState('2026-11');
  const choose = (month: string) => {
    onChange(month);
    setValue(month);
  };
  return (
    <>
      <MonthField id="mese" label="Mese" value={value} onChange={choose} />
      <output data-testid="value">{value}</output>
      <button onClick={() => setValue('2025-01')}>Gennaio 2025</button>
    </>
  );
}

describe('MonthField', () => {
  it('names the months in Italian, whatever the browser, and takes one chosen by keyboard', async () => {
    render(<Field />);
    const month = screen.getByLabelText('Mese') as HTMLSelectElement;
    expect([...month.options].map((o) => o.text)).toEqual([...MONTHS_IT]);
    expect(MONTHS_IT.slice(0, 3)).toEqual(['gennaio', 'febbraio', 'marzo']);
    expect(month.selectedOptions[0].text).toBe('novembre');
    await userEvent.selectOptions(month, 'dicembre');
    expect(screen.getByTestId('value').textContent).toBe('2026-12');
  });

  it('takes a year once it is whole, steps it with the arrows, and brings back the month’s own on leaving a part', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const year = screen.getByLabelText('Anno') as HTMLInputElement;
    expect(year.value).toBe('2026');
    await userEvent.clear(year);
    await userEvent.type(year, '20');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.type(year, '27');
    expect(screen.getByTestId('value').textContent).toBe('2027-11');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByTestId('value').textContent).toBe('2025-11');
    await userEvent.clear(year);
    await userEvent.type(year, '19');
    await userEvent.tab();
    expect(year.value).toBe('2025');
    await userEvent.click(screen.getByRole('button', { name: 'Gennaio 2025' }));
    expect((screen.getByLabelText('Mese') as HTMLSelectElement).selectedOptions[0].text).toBe('gennaio');
  });
});
