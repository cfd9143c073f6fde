import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../common/messages.ts';
import { api, ApiError, isNotSignedIn } from './api-client.ts';

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
  );
}

async function failure(status: number, body: unknown): Promise<ApiError> {
  answer(status, body);
  const error: unknown = await api.get('/qualcosa').catch((e: unknown) => e);
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

afterEach(() => vi.unstubAllGlobals());

describe('ApiError', () => {
  it("carries the server's message for people and its code for the program", async () => {
    const error = await failure(403, { error: MSG.adminOnly, code: 'admin_only' });
    expect(error).toMatchObject({ status: 403, message: MSG.adminOnly, code: 'admin_only' });
  });

  it('has no code when the server sent none or an unknown one', async () => {
    expect((await failure(409, { error: MSG.patientDuplicate })).code).toBeUndefined();
    expect((await failure(409, { error: MSG.patientDuplicate, code: 'boh' })).code).toBeUndefined();
    expect(await failure(500, 'non json')).toMatchObject({ message: MSG.genericError, code: undefined });
  });
});

describe('isNotSignedIn', () => {
  it('recognises an ended session by its code, whatever the message says', async () => {
    expect(isNotSignedIn(await failure(403, { error: 'testo cambiato', code: 'not_signed_in' }))).toBe(true);
    expect(isNotSignedIn(await failure(403, { error: MSG.notSignedIn, code: 'admin_only' }))).toBe(false);
    expect(isNotSignedIn(await failure(403, { error: MSG.notSignedIn, code: 'csrf_invalid' }))).toBe(false);
  });

  it('falls back on the 403 status only when the server sends no code', async () => {
    expect(isNotSignedIn(await failure(403, { error: MSG.notSignedIn }))).toBe(true);
    expect(isNotSignedIn(await failure(401, { error: MSG.loginFailed }))).toBe(false);
    expect(isNotSignedIn(new Error('rete'))).toBe(false);
  });
});
