/** The daily backups' state (GET /server/backup/stato, administrators): read by the Backup panel of Anagrafiche → Centro. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupState } from '../../../../common/backup.ts';
import { api, API_BASE } from '../../../lib/api-client.ts';

export const backupStateQueryOptions = () =>
  queryOptions({ queryKey: ['backup', 'stato'] as const, queryFn: () => api.get<BackupState>('/backup/stato'), staleTime: 60_000 });

export const useBackupState = () => useQuery(backupStateQueryOptions());

/** The download of one backup (an export: the server writes its registro row). */
export const backupFileUrl = (file: string) => `${API_BASE}/backup/file/${encodeURIComponent(file)}`;
