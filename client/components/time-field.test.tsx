import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { A11Y_MSG } from '../../common/messages.ts';
import { TimeField } from './time-field.tsx';

function Field({
  initial = '10:00',
  endOfDay = false,
  onChange = vi.fn(),
}: {
  initial?: string;
  endOfDay?: boolean;
  onChange?: (t: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeField
        id="inizio"
        label="Ora inizio"
        value={value}
        endOfDay={endOfDay}
        onChange={(t) => {
          onChange(t);
          setValue(t);
        }}
      />
      <output data-testid="value">{value}</output>
      <button onClick={() => setValue('16:45')}>Da fuori</button>
    </>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Ora inizio' }) as HTMLInputElement;

describe('TimeField', () => {
  it('shows 24-hour HH:mm, never AM/PM, and 24:00 as 24:00', () => {
    render(<Field initial="24:00:00" endOfDay />);
    expect(input().value).toBe('24:00');
    expect(document.body.textContent).not.toMatch(/AM|PM/);
  });

  it('takes "930" as 09:30 and writes it HH:mm when left', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    await userEvent.clear(input());
    await userEvent.type(input(), '930');
    expect(onChange).toHaveBeenLastCalledWith('09:30');
    await userEvent.tab();
    expect(input().value).toBe('09:30');
    expect(screen.getByTestId('value').textContent).toBe('09:30');
  });

  it('refuses 25:00 in Italian, tied to the field, and holds no time meanwhile', async () => {
    render(<Field />);
    await userEvent.clear(input());
    await userEvent.type(input(), '25:00');
    await userEvent.tab();
    expect(screen.getByText(A11Y_MSG.timeInvalid)).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toContain('inizio-error');
    expect(screen.getByTestId('value').textContent).toBe('');
  });

  it('takes 24:00 only as an end', async () => {
    render(<Field />);
    await userEvent.clear(input());
    await userEvent.type(input(), '24:00');
    await userEvent.tab();
    expect(screen.getByText(A11Y_MSG.timeEndOfDayOnlyAsEnd)).toBeTruthy();
  });

  it('chooses from 5-minute steps with the keyboard only, and Esc closes the list alone', async () => {
    render(<Field initial="10:30" />);
    await userEvent.click(input());
    await userEvent.keyboard('{ArrowDown}');
    const list = screen.getByRole('listbox', { name: 'Orari ogni 5 minuti' });
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('option', { selected: true }).textContent).toBe('10:30');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{PageDown}');
    expect(document.getElementById(input().getAttribute('aria-activedescendant') ?? '')?.textContent).toBe('11:40');
    await userEvent.keyboard('{Enter}');
    expect(list.hidden).toBe(true);
    expect(input().value).toBe('11:40');
    expect(screen.getByTestId('value').textContent).toBe('11:40');
    expect(document.activeElement).toBe(input());
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(input().value).toBe('11:40');
  });

  it('follows a time changed from outside', async () => {
    render(<Field />);
    await userEvent.click(screen.getByRole('button', { name: 'Da fuori' }));
    expect(input().value).toBe('16:45');
  });
});
