/**
 * The privacy export's copy of an applicant's documents (issue 33): in the JSON export each
 * current document carries its file, decrypted, as base64 (`content_base64`); a file that cannot
 * be read says so instead of failing the whole export.
 */
import type { AppContext } from '../context';
import type { ExportExtras } from '../privacy';
import { readDocument } from './document-store';

export function documentContent(ctx: AppContext): ExportExtras {
  return async (table, row) => {
    if (table !== 'application_documents' || row.status === 'replaced' || typeof row.id !== 'string') return {};
    try {
      const { bytes } = await readDocument(ctx, row.id.trim());
      return { content_base64: bytes.toString('base64') };
    } catch {
      return { content_base64: null, content_note: 'The file could not be read.' };
    }
  };
}
