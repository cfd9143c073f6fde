import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useExport } from './export-record.ts';

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('useExport', () => {
  it('has the server record the export first, then makes the file, and is busy meanwhile', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return answer(200, { ok: true, operazione: 7 });
      }),
    );
    document.cookie = 'XSRF-TOKEN=tok123';
    const { result } = renderHook(() => useExport());
    let done: Promise<void> | undefined;
    act(() => {
      done = result.current.run(() => ({
        record: { tipo: 'registro_csv', dal: '2026-11-01', al: '2026-11-30' },
        make: () => calls.push('file'),
      }));
    });
    expect(result.current.busy).toBe(true);
    await act(() => done!);
    expect(calls).toEqual(['/server/registro/esportazione', 'file']);
    expect(result.current.busy).toBe(false);
  });

  it('makes nothing when the server does not record it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(403, { error: 'Operazione riservata agli amministratori', code: 'admin_only' })),
    );
    document.cookie = 'XSRF-TOKEN=tok123';
    const make = vi.fn();
    const { result } = renderHook(() => useExport());
    await act(() => result.current.run(() => ({ record: { tipo: 'registro_csv', dal: '2026-11-01', al: '2026-11-30' }, make })));
    expect(make).not.toHaveBeenCalled();
    expect(result.current.busy).toBe(false);
  });
});
