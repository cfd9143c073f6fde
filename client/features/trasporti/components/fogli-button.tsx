import { ExportButton } from '../../../components/export-button.tsx';
import { useExport } from '../../../lib/export-record.ts';
import { getFogli } from '../api/trasporti.ts';

interface Props {
  day: string;
  /** The button's look where it stands (the calendar's toolbar, Uscite's). */
  variant?: 'outline-dark' | 'outline-primary';
  size?: 'sm';
}

/**
 * Fogli di marcia: the day's runs as an A4 PDF, one page per run, for the drivers (docs/product.md). Read when pressed,
 * recorded in the Registro, then made in the browser.
 */
export function FogliButton({ day, variant = 'outline-dark', size }: Props) {
  const pdf = useExport();
  const save = () =>
    pdf.run(async () => {
      const fogli = await getFogli(day);
      return {
        record: { tipo: 'fogli_di_marcia_pdf', dal: day, al: day },
        // The sheets' layout and the PDF's code are loaded on the first press: the calendar's toolbar shows the button alone.
        make: async () => {
          const [{ saveFogliPdf }, { fogliPdfName }] = await Promise.all([import('../fogli-pdf.ts'), import('../fogli-sheet.ts')]);
          return saveFogliPdf(fogli, fogliPdfName(day));
        },
      };
    });
  return (
    <ExportButton variant={variant} size={size} busy={pdf.busy} onClick={() => void save()}>
      Fogli di marcia
    </ExportButton>
  );
}

export default FogliButton;
