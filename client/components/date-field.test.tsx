import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { A11Y_MSG } from '../../common/messages.ts';
import { DateField } from './date-field.tsx';

// The month calendar's chunk, loaded once before the tests (in the app it loads when the button is pointed at).
beforeAll(async () => {
  await import('./date-popover.tsx');
}, 60_000);

function Field({
  initial = '2026-11-23',
  required = true,
  onChange = vi.fn(),
}: {
  initial?: string;
  required?: boolean;
  onChange?: (d: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        id="giorno"
        label="Data"
        value={value}
        required={required}
        onChange={(d) => {
          onChange(d);
          setValue(d);
        }}
      />
      <output data-testid="value">{value}</output>
      <button onClick={() => setValue('2026-12-25')}>Natale</button>
    </>
  );
}

describe('DateField', () => {
  it('shows the day as gg/mm/aaaa and takes a typed one as soon as it is whole', async () => {
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const input = screen.getByLabelText('Data') as HTMLInputElement;
    expect(input.value).toBe('23/11/2026');
    await userEvent.clear(input);
    await userEvent.type(input, '4/1/2027');
    expect(onChange).toHaveBeenLastCalledWith('2027-01-04');
    expect(screen.getByTestId('value').textContent).toBe('2027-01-04');
  });

  it('names a text that is no day, keeps the last good day, and ties the message to the field', async () => {
    render(<Field />);
    const input = screen.getByLabelText('Data');
    await userEvent.clear(input);
    await userEvent.type(input, '31/02/2026');
    await userEvent.tab();
    expect(screen.getByText(A11Y_MSG.dateInvalid)).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('giorno-error');
    expect(screen.getByTestId('value').textContent).toBe('2026-11-23');
  });

  it('an optional field holds no day while its text is none, so a form cannot save a stale one', async () => {
    const onChange = vi.fn();
    render(<Field required={false} onChange={onChange} />);
    const input = screen.getByLabelText('Data') as HTMLInputElement;
    await userEvent.type(input, '{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(input.value).toBe('23/11/202');
  });

  it('follows a day changed from outside', async () => {
    render(<Field />);
    await userEvent.click(screen.getByRole('button', { name: 'Natale' }));
    expect((screen.getByLabelText('Data') as HTMLInputElement).value).toBe('25/12/2026');
  });

  it('opens an Italian calendar, Monday first, and gives the focus back to the field after a choice', async () => {
    render(<Field />);
    await userEvent.click(screen.getByRole('button', { name: 'Data: scegli dal calendario' }));
    // The month calendar is a chunk of its own: the popover opens once it is there.
    const popover = await screen.findByRole('dialog', { name: 'Calendario (Data)' }, { timeout: 10_000 });
    await within(popover).findByRole('grid', {}, { timeout: 10_000 });
    expect(popover.textContent).toContain('novembre 2026');
    const weekdays = [...popover.querySelectorAll('.rdp-weekday')].map((th) => th.textContent);
    expect(weekdays[0]?.toLowerCase()).toMatch(/^lu/);
    await userEvent.click(screen.getByRole('button', { name: /venerdì 27 novembre 2026/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe('2026-11-27');
    expect(document.activeElement).toBe(screen.getByLabelText('Data'));
  });

  it('Escape closes the calendar and the focus goes back to its button', async () => {
    render(<Field />);
    const button = screen.getByRole('button', { name: 'Data: scegli dal calendario' });
    await userEvent.click(button);
    await screen.findByRole('grid', {}, { timeout: 10_000 });
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
