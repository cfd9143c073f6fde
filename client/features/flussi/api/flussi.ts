/** Rendicontazione e flussi (docs/api.md, Rendicontazione e flussi): the check, the previews, the files and the utente's flow data. */
import { useQuery } from '@tanstack/react-query';
import type { AslAccount, Controllo, Flusso, IncompleteBody, PssPreview, SiarPreview } from '../../../../common/flussi.ts';
import { MSG } from '../../../../common/messages.ts';
import { api, API_BASE, ApiError } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/csv.ts';

const KEY = ['flussi'] as const;

export const useControllo = (flusso: Flusso, periodo: string) =>
  useQuery({
    queryKey: [...KEY, 'controllo', flusso, periodo],
    queryFn: () => api.get<Controllo>(`/flussi/controllo?flusso=${flusso}&periodo=${encodeURIComponent(periodo)}`),
    staleTime: 0,
  });

export const useAslPreview = (mese: string, enabled: boolean) =>
  useQuery({ queryKey: [...KEY, 'asl', mese], queryFn: () => api.get<AslAccount>(`/flussi/asl?mese=${mese}`), enabled, staleTime: 0 });
export const useSiarPreview = (anno: number, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'siar', anno],
    queryFn: () => api.get<SiarPreview>(`/flussi/siar/oreprof?anno=${anno}&formato=json`),
    enabled,
    staleTime: 0,
  });
export const usePssPreview = (anno: number, semestre: 1 | 2, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'pss', anno, semestre],
    queryFn: () => api.get<PssPreview>(`/flussi/sism/pss?anno=${anno}&semestre=${semestre}&formato=json`),
    enabled,
    staleTime: 0,
  });

/**
 * A file the server writes (the ASL's CSV, SIAR's XML, PSS's CSV): fetched, then handed to the browser under the name
 * the server gives. A 409 (something missing) throws with the server's message, so no error page is ever saved as a file.
 */
export async function downloadFromServer(path: string): Promise<string> {
  const response = await fetch(`${API_BASE}${path}`, { credentials: 'same-origin', headers: { Accept: '*/*' } });
  if (!response.ok) {
    let body: Partial<IncompleteBody> = {};
    try {
      body = (await response.json()) as IncompleteBody;
    } catch {
      // not JSON
    }
    throw new ApiError(response.status, body.error || MSG.genericError);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'flusso';
  downloadBlob(name, await response.blob());
  return name;
}
