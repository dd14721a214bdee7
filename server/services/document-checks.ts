// A document's file checked by what it is, not by what it is called (issue 13): the name's extension must be
// allowed, the size within its kind's limit, and the content — found by its magic bytes (file-type) — the
// kind the extension promises. Text has no magic: a .txt or .csv must be valid UTF-8 without NUL bytes and
// without markup a browser would run (an HTML or SVG page in disguise). The stored content type is the
// detected one, never the one the browser sent.
import type { DocumentFileType } from '../../src/generated/types/entities.ts';
import { fileTypeOfName, refusalByNameAndSize } from '../../src/domain/document-limits.ts';
import { ApiError } from '../http/api-error.ts';

/** The content's kind by its magic bytes; file-type loads with the first upload. */
const contentType = async (bytes: Buffer) => (await import('file-type')).fileTypeFromBuffer(bytes);

export interface CheckedFile {
  bytes: Buffer;
  file_type: DocumentFileType;
  content_type: string;
}

/** Each non-text kind's MIME type, as file-type names it (its `ext` is the kind itself, jpg for JPEG). */
const BINARY_TYPES: Partial<Record<DocumentFileType, string>> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};
const TEXT_TYPES: Partial<Record<DocumentFileType, string>> = { csv: 'text/csv', txt: 'text/plain' };

/** Markup a browser (or an image viewer) would run if it were ever shown as a page. */
const MARKUP = /<\s*(?:!doctype|html|head|body|script|svg|iframe|object|embed|\?xml)\b/i;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    return !MARKUP.test(utf8.decode(bytes));
  } catch {
    return false;
  }
}

/** The bytes of a base64 data: URL (its declared type is ignored). */
export const bytesOfDataUrl = (doc: string): Buffer => Buffer.from(doc.slice(doc.indexOf(',') + 1), 'base64');

/** Checks a file named `name`; answers its bytes and detected kind, or refuses (13004, 13005, 13040). */
export async function checkFile(name: string, bytes: Buffer): Promise<CheckedFile> {
  const refusal = refusalByNameAndSize(name, bytes.length);
  if (refusal) throw new ApiError(refusal);
  const promised = fileTypeOfName(name)!;
  const inappropriate = () => new ApiError('inappropriate_file_type');
  if (!bytes.length) throw inappropriate();
  const text = TEXT_TYPES[promised];
  if (text) {
    if ((await contentType(bytes)) || !isPlainText(bytes)) throw inappropriate();
    return { bytes, file_type: promised, content_type: text };
  }
  const found = await contentType(bytes);
  if (!found || found.ext !== promised || found.mime !== BINARY_TYPES[promised]) throw inappropriate();
  return { bytes, file_type: promised, content_type: found.mime };
}
