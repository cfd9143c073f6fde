/**
 * Exports are built in the browser, so the browser tells the server who exported what
 * (docs/api.md, Registro: POST /server/registro/esportazione). Shared by every feature that exports.
 */
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import type { exportBody } from '../../common/audit.ts';
import { api, errorMessage } from './api-client.ts';

export type ExportRecord = z.input<typeof exportBody>;

/** Records an export; an export is made only once the server has recorded it (docs/decisions/0012-registro-screen.md). */
export const recordExport = (record: ExportRecord) => api.post<{ ok: true; operazione: number }>('/registro/esportazione', record);

/** One export: what the server records, and the file then made in the browser. */
export interface ExportJob {
  record: ExportRecord;
  make: () => unknown;
}

/**
 * An export as every screen runs it (PDF and CSV): `busy` while it lasts; `run` reads what the export needs (`prepare`),
 * has the server record it, and only then makes the file. A failure anywhere (the server refusing or unreachable, the
 * file not made) is logged and shown as an error toast, and nothing is made.
 */
export function useExport() {
  const [busy, setBusy] = useState(false);
  const run = async (prepare: () => ExportJob | Promise<ExportJob>) => {
    setBusy(true);
    try {
      const job = await prepare();
      await recordExport(job.record);
      await job.make();
    } catch (error) {
      console.error(error);
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
