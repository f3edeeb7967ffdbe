/**
 * A small flowing layout on pdf-lib for the college's PDFs (contract, signature page, receipt):
 * headings, wrapped paragraphs, label/value lines and table rows on US Letter pages, a new page
 * when the current one is full, and at the end a footer with "Page n of m". Everything that
 * varies between runs is fixed (dates from the caller, producer and creator constant; pdf-lib's
 * font-name suffixes come from a seeded generator), so the same input gives the same bytes.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedCollegeFonts, type CollegeFonts } from './pdf-fonts';

const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const FOOTER_SPACE = 40;
const WIDTH = PAGE[0] - 2 * MARGIN;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const PRODUCER = 'Northbridge College CRM (pdf-lib)';

export interface DocumentInfo {
  title: string;
  subject: string;
  /** Creation and modification date: when the content was fixed, never the time of rendering. */
  date: Date;
}

/** The document's fixed metadata: nothing taken from the clock. */
export function setInfo(doc: PDFDocument, info: DocumentInfo, author: string): void {
  doc.setTitle(info.title, { showInWindowTitleBar: true });
  doc.setSubject(info.subject);
  doc.setAuthor(author);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setLanguage('en-CA');
  doc.setCreationDate(info.date);
  doc.setModificationDate(info.date);
}

export async function newDocument(info: DocumentInfo, author: string): Promise<{ doc: PDFDocument; fonts: CollegeFonts }> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  setInfo(doc, info, author);
  return { doc, fonts: await embedCollegeFonts(doc) };
}

const advances = new WeakMap<PDFFont, Map<string, number>>();

/**
 * The width of `text` from each character's advance, remembered per font: fontkit's layout of a
 * whole string costs about 0.1 ms, and wrapping measures every candidate line. Kerning is left
 * out, which only ever makes a line measure a hair wider than drawn.
 */
export function measure(text: string, font: PDFFont, size: number): number {
  let widths = advances.get(font);
  if (!widths) advances.set(font, (widths = new Map()));
  let total = 0;
  for (const char of text) {
    let advance = widths.get(char);
    if (advance === undefined) widths.set(char, (advance = font.widthOfTextAtSize(char, 1000)));
    total += advance;
  }
  return (total * size) / 1000;
}

/** Splits `text` into lines no wider than `width` (words longer than a line are cut). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((w) => w !== '')) {
      const candidate = line ? `${line} ${word}` : word;
      if (measure(candidate, font, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (measure(rest, font, size) > width && rest.length > 1) {
        let cut = rest.length - 1;
        while (cut > 1 && measure(rest.slice(0, cut), font, size) > width) cut -= 1;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  muted?: boolean;
  indent?: number;
  gapAfter?: number;
}

/** Writes top to bottom, adding pages as needed. */
export class Flow {
  page: PDFPage;
  y = 0;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: CollegeFonts,
  ) {
    this.page = this.addPage();
  }

  addPage(): PDFPage {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
    return this.page;
  }

  /** Moves to a new page unless `height` more points fit on this one. */
  need(height: number): void {
    if (this.y - height < MARGIN + FOOTER_SPACE) this.addPage();
  }

  text(value: string, style: TextStyle = {}): void {
    const size = style.size ?? 10;
    const font = style.bold ? this.fonts.bold : this.fonts.regular;
    const indent = style.indent ?? 0;
    const leading = size * 1.35;
    for (const line of wrap(value, font, size, WIDTH - indent)) {
      this.need(leading);
      this.y -= leading;
      this.page.drawText(line, { x: MARGIN + indent, y: this.y + size * 0.3, size, font, color: style.muted ? MUTED : INK });
    }
    this.y -= style.gapAfter ?? 4;
  }

  heading(value: string, level: 1 | 2 = 2): void {
    this.need(level === 1 ? 60 : 40);
    this.y -= level === 1 ? 4 : 8;
    this.text(value, { size: level === 1 ? 16 : 12, bold: true, gapAfter: level === 1 ? 8 : 4 });
  }

  /** "Label: value" with the label bold and the value wrapped beside it. */
  field(label: string, value: string): void {
    const size = 10;
    const labelWidth = 160;
    const lines = wrap(value, this.fonts.regular, size, WIDTH - labelWidth);
    const leading = size * 1.35;
    this.need(leading * Math.min(lines.length, 3));
    this.y -= leading;
    this.page.drawText(label, { x: MARGIN, y: this.y + size * 0.3, size, font: this.fonts.bold, color: INK });
    lines.forEach((line, index) => {
      if (index > 0) {
        this.need(leading);
        this.y -= leading;
      }
      this.page.drawText(line, { x: MARGIN + labelWidth, y: this.y + size * 0.3, size, font: this.fonts.regular, color: INK });
    });
    this.y -= 3;
  }

  /** One table row: cells at the given x offsets (right-aligned when `right` names the column). */
  row(cells: string[], columns: number[], options: { bold?: boolean; right?: number[]; rule?: boolean } = {}): void {
    const size = 10;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const widths = columns.map((x, i) => (columns[i + 1] ?? WIDTH) - x - 8);
    const wrapped = cells.map((cell, i) => wrap(cell, font, size, widths[i] ?? WIDTH));
    const leading = size * 1.35;
    const height = Math.max(...wrapped.map((lines) => lines.length)) * leading + 4;
    this.need(height);
    wrapped.forEach((lines, i) => {
      lines.forEach((line, n) => {
        const right = options.right?.includes(i);
        const x = MARGIN + (right ? (columns[i + 1] ?? WIDTH) - 8 - measure(line, font, size) : (columns[i] ?? 0));
        this.page.drawText(line, { x, y: this.y - leading * (n + 1) + size * 0.3, size, font, color: INK });
      });
    });
    this.y -= height;
    if (options.rule) this.rule();
  }

  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + WIDTH, y: this.y }, thickness: 0.5, color: MUTED });
    this.y -= 4;
  }

  space(points: number): void {
    this.y -= points;
  }
}

/**
 * The document's bytes. pdf-lib yields to the event loop every 50 objects by default; a contract
 * is a few hundred objects, written at once (on a loaded machine each yield can cost milliseconds).
 */
export const saveDocument = (doc: PDFDocument): Promise<Uint8Array> => doc.save({ objectsPerTick: Infinity });

/** Writes "footer · Page n of m" at the foot of every page from index `from` on (call once, after all content). */
export function numberPages(doc: PDFDocument, fonts: CollegeFonts, footer: string, from = 0): void {
  const pages = doc.getPages().slice(from);
  pages.forEach((page, index) => {
    const label = `${footer} · Page ${index + 1} of ${pages.length}`;
    const size = 8;
    const x = (PAGE[0] - fonts.regular.widthOfTextAtSize(label, size)) / 2;
    page.drawText(label, { x, y: MARGIN / 2, size, font: fonts.regular, color: MUTED });
  });
}
