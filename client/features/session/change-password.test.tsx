import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../../common/messages.ts';
import { SESSION_MSG } from '../../../common/session.ts';
import { ChangePasswordModal } from './components/change-password-modal.tsx';
import { renderWithCache } from '../../test/render.tsx';

describe('ChangePasswordModal', () => {
  it('asks for the current password and a valid new one, then for the same new one twice', async () => {
    renderWithCache(<ChangePasswordModal onClose={() => {}} />);
    const submit = screen.getByRole('button', { name: 'Cambia password' });
    await userEvent.click(submit);
    expect(document.getElementById('own-current-error')?.textContent).toBe(MSG.passwordInvalid);
    expect(document.getElementById('own-new-error')?.textContent).toBe(MSG.passwordInvalid);
    await userEvent.type(screen.getByLabelText('Password attuale'), 'vecchia');
    await userEvent.type(screen.getByLabelText('Nuova password'), 'nuova-1');
    await userEvent.type(screen.getByLabelText('Ripeti la nuova password'), 'nuova-2');
    await userEvent.click(submit);
    expect(document.getElementById('own-confirm-error')?.textContent).toBe(SESSION_MSG.passwordsDiffer);
  });
});
