import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../common/messages.ts';
import { PASSWORD_MSG } from '../../../common/passwords.ts';
import { SESSION_MSG } from '../../../common/session.ts';
import { getUser, setUser } from '../../lib/session.ts';
import { ChangePasswordModal } from './components/change-password-modal.tsx';
import { renderWithCache } from '../../test/render.tsx';

const errorOf = (id: string) => document.getElementById(`${id}-error`)?.textContent;

describe('ChangePasswordModal', () => {
  beforeEach(() => setUser({ ID: 3, username: 'coordinatrice.centro', Admin: 0 }));
  afterEach(() => {
    setUser(null);
    vi.unstubAllGlobals();
  });

  it('asks for the current password and a new one by the rule of new passwords, then for the same one twice', async () => {
    renderWithCache(<ChangePasswordModal onClose={() => {}} />);
    expect(screen.getByText(PASSWORD_MSG.hint)).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Cambia password' });
    await userEvent.click(submit);
    await vi.waitFor(() => expect(errorOf('own-current')).toBe(MSG.passwordInvalid));
    expect(errorOf('own-new')).toBe(PASSWORD_MSG.tooShort);
    await userEvent.type(screen.getByLabelText('Password attuale'), 'vecchia');
    const fresh = screen.getByLabelText('Nuova password');
    for (const [typed, message] of [
      ['nuova-1', PASSWORD_MSG.tooShort],
      ['password1234', PASSWORD_MSG.tooCommon],
      ['coordinatrice.centro', PASSWORD_MSG.username],
    ]) {
      await userEvent.clear(fresh);
      await userEvent.type(fresh, typed);
      await userEvent.click(submit);
      await vi.waitFor(() => expect(errorOf('own-new')).toBe(message));
    }
    await userEvent.clear(fresh);
    await userEvent.type(fresh, 'nuvola-sopra-il-lago');
    await userEvent.type(screen.getByLabelText('Ripeti la nuova password'), 'nuvola-sopra-il-mare');
    await userEvent.click(submit);
    await vi.waitFor(() => expect(errorOf('own-confirm')).toBe(SESSION_MSG.passwordsDiffer));
  });

  it('when a new password is required, explains why, cannot be dismissed, and lets the screens back once changed', async () => {
    setUser({ ID: 3, username: 'coordinatrice.centro', Admin: 0, cambiopassword: true });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    document.cookie = 'XSRF-TOKEN=tok123';
    const onClose = vi.fn();
    renderWithCache(<ChangePasswordModal required onClose={onClose} />);
    expect(screen.getByText(PASSWORD_MSG.changeRequiredIntro)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Chiudi' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Password attuale'), '1234');
    await userEvent.type(screen.getByLabelText('Nuova password'), 'nuvola-sopra-il-lago');
    await userEvent.type(screen.getByLabelText('Ripeti la nuova password'), 'nuvola-sopra-il-lago');
    await userEvent.click(screen.getByRole('button', { name: 'Cambia password' }));
    await vi.waitFor(() => expect(getUser()?.cambiopassword).toBeUndefined());
    expect(fetchMock).toHaveBeenCalledWith('/server/user/password', expect.objectContaining({ method: 'POST' }));
    // Logout is the other way out.
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onClose).toHaveBeenCalled();
  });
});
