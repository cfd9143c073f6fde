import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../../../common/messages.ts';
import { getUser, setUser } from '../../../lib/session.ts';
import { renderWithCache } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

function renderLogin(onSuccess = vi.fn()) {
  renderWithCache(<LoginForm onSuccess={onSuccess} />);
  return { onSuccess, username: screen.getByLabelText('Username'), password: screen.getByLabelText('Password') };
}

function mockFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=tok123';
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  setUser(null);
});

describe('LoginForm', () => {
  it('marks a field red with its message while it holds 1 to 3 characters', async () => {
    const { username, password } = renderLogin();
    await userEvent.type(username, 'abc');
    expect(username.classList.contains('is-invalid')).toBe(true);
    expect(screen.getByText(MSG.usernameInvalid).textContent).toBeTruthy();
    await userEvent.type(username, 'd');
    expect(username.classList.contains('is-invalid')).toBe(false);
    await userEvent.type(password, 'x');
    expect(password.classList.contains('is-invalid')).toBe(true);
    expect(screen.getByText(MSG.passwordInvalid).textContent).toBeTruthy();
  });

  it('shows both messages on an empty submit and sends nothing', async () => {
    const fetchMock = mockFetch(200, {});
    const { username, password } = renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText(MSG.usernameInvalid).textContent).toBeTruthy();
    expect(screen.getByText(MSG.passwordInvalid).textContent).toBeTruthy();
    expect(username.classList.contains('is-invalid')).toBe(true);
    expect(password.classList.contains('is-invalid')).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows «Login fallito» with both fields red on wrong credentials', async () => {
    mockFetch(401, { error: MSG.loginFailed });
    const { username, password, onSuccess } = renderLogin();
    await userEvent.type(username, 'admin');
    await userEvent.type(password, 'sbagliata');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.loginFailed);
    expect(username.classList.contains('is-invalid')).toBe(true);
    expect(password.classList.contains('is-invalid')).toBe(true);
    expect(onSuccess).not.toHaveBeenCalled();
    expect(getUser()).toBeNull();
  });

  it('tells wrong credentials from other refusals by the code, not the text', async () => {
    mockFetch(401, { error: 'testo cambiato', code: 'bad_credentials' });
    const { username, password } = renderLogin();
    await userEvent.type(username, 'admin');
    await userEvent.type(password, 'sbagliata');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.loginFailed);

    mockFetch(429, { error: 'Troppi tentativi: riprova tra qualche minuto', code: 'too_many_requests' });
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByText('Troppi tentativi: riprova tra qualche minuto')).getAttribute('role')).toBe('alert');
    expect(getUser()).toBeNull();
  });

  it('signs in: stores the profile (with the linked therapist) under "user", echoes the CSRF cookie and moves on', async () => {
    const fetchMock = mockFetch(200, { value: { ID: 3, username: 'admin', Admin: 1, terapista: 7, extra: 'not stored' } });
    const { username, password, onSuccess } = renderLogin();
    await userEvent.type(username, 'admin');
    await userEvent.type(password, 'segreta1{Enter}');
    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual({ ID: 3, username: 'admin', Admin: 1, terapista: 7 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/server/user/login');
    expect((init.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('tok123');
    expect(JSON.parse(String(init.body))).toEqual({ username: 'admin', pass: 'segreta1' });
  });
});
