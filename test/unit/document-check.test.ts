/**
 * Issue 33: what an uploaded document is decided by its bytes; a name or Content-Type that names
 * another of our types is a mismatch; the file's name is cleaned; a body is read into one buffer
 * of its declared size, and a short or long one is refused.
 */
import { Readable } from 'node:stream';
import { claimedType, sniffType } from '../../server/applications/document-check';
import { readBody, tooLargeMessage, uploadedFileName } from '../../server/applications/document-body';

describe('document checks', () => {
  test('the type comes from the magic bytes only', () => {
    expect(sniffType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffType(Buffer.from('PK\u0003\u0004'))).toBeNull();
    expect(sniffType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffType(Buffer.from(' %PDF-1.7'))).toBeNull();
  });

  test('a claimed type comes from the extension first, then from a Content-Type of ours', () => {
    expect(claimedType('scan.PDF', 'image/png')).toBe('application/pdf');
    expect(claimedType('photo.jpeg', undefined)).toBe('image/jpeg');
    expect(claimedType('scan', 'image/png; charset=binary')).toBe('image/png');
    expect(claimedType('scan.heic', 'application/octet-stream')).toBeNull();
  });

  test("the file's name loses folders and control characters, and is kept short with its extension", () => {
    expect(uploadedFileName(encodeURIComponent('C:\\Users\\ada\\Relevé de notes.pdf'), 'Transcript')).toBe('Relevé de notes.pdf');
    expect(uploadedFileName(encodeURIComponent('a\u0000b\u2028c.png'), 'x')).toBe('abc.png');
    expect(uploadedFileName('%E0%A4%A', 'Transcript')).toBe('Transcript');
    expect(uploadedFileName(undefined, 'Transcript')).toBe('Transcript');
    const long = uploadedFileName(encodeURIComponent(`${'x'.repeat(300)}.pdf`), 'y');
    expect(long).toHaveLength(160);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  test('the size message names the file in megabytes', () => {
    expect(tooLargeMessage('scan.pdf', 13_002_342)).toBe('“scan.pdf” is 12.4 MB; the limit is 10 MB per file.');
  });

  test('a body fills exactly its declared size; short or long is refused', async () => {
    const chunks = [Buffer.from('abc'), Buffer.from('defg')];
    expect((await readBody(Readable.from(chunks), 7, 'a.pdf')).toString()).toBe('abcdefg');
    await expect(readBody(Readable.from(chunks), 9, 'a.pdf')).rejects.toThrow('“a.pdf” did not arrive in full');
    await expect(readBody(Readable.from(chunks), 5, 'a.pdf')).rejects.toThrow('“a.pdf” did not arrive in full');
  });
});
