import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BackupState } from '../../../common/backup.ts';
import { renderWithCache } from '../../test/render.tsx';
import { setUser } from '../../lib/session.ts';
import { backupStateQueryOptions } from './api/backup.ts';
import { BackupPanel } from './components/backup-panel.tsx';

const admin = { ID: 1, username: 'anna', Admin: 1 };
const viewer = { ID: 2, username: 'bruno', Admin: 0 };
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

const state = (ultimo: BackupState['ultimo']): BackupState => ({
  attivo: true,
  ultimo,
  prossimo: new Date(Date.now() + 3600_000).toISOString(),
  conservati: 14,
  errore: null,
});
const lastNight = { file: 'giornata-2026-11-26T0230.json.gz', quando: hoursAgo(8), byte: 1_288_490, verificato: true, righe: 12345 };

afterEach(() => setUser(null));

describe('Backup (Anagrafiche → Centro)', () => {
  it('shows an administrator the last backup verified, its size, the number kept and its download', () => {
    setUser(admin);
    renderWithCache(<BackupPanel />, (c) => c.setQueryData(backupStateQueryOptions().queryKey, state(lastNight)));
    expect(screen.getByRole('heading', { name: 'Backup' })).toBeTruthy();
    expect(screen.getByText(/^Verificato: ripristinato in un database di prova, 12\.345 righe$/)).toBeTruthy();
    expect(screen.getByText(/, 1,2 MB$/)).toBeTruthy();
    expect(screen.getByText('14')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Scarica l’ultimo backup/ }).getAttribute('href')).toBe(
      '/server/backup/file/giornata-2026-11-26T0230.json.gz',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says in red when the last successful backup is older than 36 hours, or there is none', () => {
    setUser(admin);
    const { unmount } = renderWithCache(<BackupPanel />, (c) =>
      c.setQueryData(backupStateQueryOptions().queryKey, state({ ...lastNight, quando: hoursAgo(37) })),
    );
    expect(screen.getByRole('alert').textContent).toMatch(/più di 36 ore/);
    unmount();
    renderWithCache(<BackupPanel />, (c) => c.setQueryData(backupStateQueryOptions().queryKey, state(null)));
    expect(screen.getByRole('alert').textContent).toMatch(/nessun backup riuscito/);
  });

  it('is not shown to a consultazione account', () => {
    setUser(viewer);
    renderWithCache(<BackupPanel />, (c) => c.setQueryData(backupStateQueryOptions().queryKey, state(lastNight)));
    expect(screen.queryByRole('heading', { name: 'Backup' })).toBeNull();
  });
});
