/**
 * The fonts of the college's PDFs (contracts, receipts): DejaVu Sans, embedded and subset, so the
 * text is selectable and reads the same on every reader (pdf-lib's standard fonts are not
 * embedded, and cover only WinAnsi: a name such as "Nguyễn" would not print). Read from the
 * dejavu-fonts-ttf package once per process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

export interface CollegeFonts {
  regular: PDFFont;
  bold: PDFFont;
}

const require = createRequire(import.meta.url);
let files: { regular: Uint8Array; bold: Uint8Array } | null = null;

function fontFiles(): { regular: Uint8Array; bold: Uint8Array } {
  files ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return files;
}

/** Embeds both weights in `doc` (only the glyphs used are kept). */
export async function embedCollegeFonts(doc: PDFDocument): Promise<CollegeFonts> {
  doc.registerFontkit(fontkit);
  const { regular, bold } = fontFiles();
  return {
    regular: await doc.embedFont(regular, { subset: true }),
    bold: await doc.embedFont(bold, { subset: true }),
  };
}
