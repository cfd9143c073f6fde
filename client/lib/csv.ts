/**
 * CSV files that Italian Excel opens as they are: `;` between fields, UTF-8 with a BOM (without it
 * Excel reads the accents as Windows-1252), CRLF lines, every text neutralised against formulas.
 * Shared by every export built in the browser (Presenze's register, the registro).
 */

const BOM = '\uFEFF';

/** A text a spreadsheet would run as a formula (=, +, -, @, or a tab or CR before one) starts with an apostrophe instead. */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** One field: quoted when it holds the separator, a quote or a line break, the quotes doubled. */
export function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : neutraliseFormula(value);
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the BOM, then one CRLF-ended line per row. */
export function buildCsv(rows: readonly (readonly (string | number)[])[]): string {
  return BOM + rows.map((row) => row.map(csvField).join(';')).join('\r\n') + '\r\n';
}

/** Saves a text the browser built as a file the user downloads. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Hands a file (built here or received from the server) to the browser as a download. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
