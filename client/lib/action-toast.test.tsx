import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACTION_TOAST_MS } from './action-toast.tsx';
import { withToasts } from './toasts.ts';

// react-hot-toast asks whether motion is reduced; jsdom has no matchMedia.
beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});

afterEach(() => {
  act(() => toast.remove());
  vi.useRealTimers();
});

const statusTexts = () => screen.queryAllByRole('status').map((s) => s.textContent);

describe('a success toast with Annulla', () => {
  it('reads as the plain success text, with the button beside it; the button runs the action, disabled meanwhile', async () => {
    render(<Toaster />);
    let finish: (done: boolean) => void = () => {};
    const run = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    await act(() =>
      withToasts(Promise.resolve({ operazione: 813 }), {
        success: 'Giornata svuotata',
        action: ({ operazione }) => ({ label: 'Annulla', description: `Annulla l’operazione ${operazione}`, run }),
      }),
    );
    expect(statusTexts()).toEqual(['Giornata svuotata']);
    const button = screen.getByRole('button', { name: 'Annulla l’operazione 813' });
    expect(button.textContent).toBe('Annulla');

    await userEvent.click(button);
    expect(run).toHaveBeenCalledOnce();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish(true));
    // Done: the toast goes.
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /Annulla/ })).toBeNull(), { timeout: 3000 });
  });

  it('stays 15 seconds, and longer while the keyboard is on its button', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Toaster />);
    await act(() =>
      withToasts(Promise.resolve(1), { success: 'Attività eliminata', action: () => ({ label: 'Annulla', run: async () => true }) }),
    );
    const button = screen.getByRole('button', { name: 'Annulla' });
    act(() => button.focus());
    act(() => vi.advanceTimersByTime(ACTION_TOAST_MS + 1000));
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeTruthy();
    act(() => button.blur());
    act(() => vi.advanceTimersByTime(ACTION_TOAST_MS - 1000));
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeTruthy();
    // Then it goes (after react-hot-toast's second of leaving).
    act(() => vi.advanceTimersByTime(2000));
    act(() => vi.advanceTimersByTime(1500));
    expect(screen.queryByRole('button', { name: 'Annulla' })).toBeNull();
  });

  it('stays until closed when persistent (the Annulla of an operation over several days)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    render(<Toaster />);
    await act(() =>
      withToasts(Promise.resolve(1), {
        success: 'Settimana incollata',
        action: () => ({ label: 'Annulla', persistent: true, run: async () => true }),
      }),
    );
    act(() => vi.advanceTimersByTime(10 * ACTION_TOAST_MS));
    expect(screen.getByRole('button', { name: 'Annulla' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Chiudi il messaggio' }).click());
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('button', { name: 'Annulla' })).toBeNull();
  });

  it('without an action, the plain success toast as before', async () => {
    render(<Toaster />);
    await act(() => withToasts(Promise.resolve(1), { success: 'Salvato' }));
    expect(statusTexts()).toEqual(['Salvato']);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
