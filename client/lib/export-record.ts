/**
 * Exports are built in the browser, so the browser tells the server who exported what
 * (docs/api.md, Registro: POST /server/registro/esportazione). Shared by every feature that exports.
 */
import type { z } from 'zod';
import type { exportBody } from '../../common/audit.ts';
import { api } from './api-client.ts';

export type ExportRecord = z.input<typeof exportBody>;

/** Records an export; an export is made only once the server has recorded it (docs/decisions/0012-registro-screen.md). */
export const recordExport = (record: ExportRecord) => api.post<{ ok: true; operazione: number }>('/registro/esportazione', record);
