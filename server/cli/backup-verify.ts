/**
 * npm run backup:verify -- <file>: a backup proved to restore. The file is restored into a scratch database (PGlite in
 * memory, not the configured one) and each table's rows counted there against those the file holds; a damaged or
 * truncated file, or a difference, exits 1 with an Italian message.
 */
import { RestoreError } from '../db/backup.ts';
import { privateUmask } from '../db/private-files.ts';
import { verifyBackupFile } from '../features/backup/verify.ts';

privateUmask();
const file = process.argv[2];
try {
  if (!file) throw new RestoreError('Uso: npm run backup:verify -- <file>');
  const result = await verifyBackupFile(file);
  if (result.verificato) console.log(`Backup verificato: ${file} si ripristina, ${result.righe} righe come nell’originale.`);
  else {
    console.error(`Backup NON verificato: ${file} ripristinato con righe diverse dall’originale (${result.differenze.join('; ')}).`);
    process.exitCode = 1;
  }
} catch (err) {
  console.error(err instanceof RestoreError ? `Backup NON verificato: ${err.message}` : `Errore: ${(err as Error).message}`);
  process.exitCode = 1;
}
