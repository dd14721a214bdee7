// What a document may be (spec section 5: "Upload size limits: 2 MB and 10 MB"; issue 13): the extensions a
// file's name may end with, the kind of content each promises, and its size limit — pictures 2 MB, other
// documents 10 MB. Shared by the browser (checked before a file is read) and the server (checked again, by
// the content: server/services/document-checks.ts), so both refuse with the same message.
import type { DocumentFileType } from '../generated/types/entities.ts';

export const PICTURE_LIMIT_BYTES = 2 * 1024 * 1024;
export const DOCUMENT_LIMIT_BYTES = 10 * 1024 * 1024;

/** Each allowed extension's kind of content (.jpeg is a jpg). SVG and HTML are never allowed: they carry script. */
export const EXTENSION_TYPES: Readonly<Record<string, DocumentFileType>> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
  docx: 'docx',
  xlsx: 'xlsx',
  pptx: 'pptx',
  odt: 'odt',
  ods: 'ods',
  csv: 'csv',
  txt: 'txt',
};

const PICTURES: ReadonlySet<DocumentFileType> = new Set(['png', 'jpg', 'gif', 'webp']);

export const isPicture = (type: DocumentFileType): boolean => PICTURES.has(type);

/** The name's extension, lower case ('' when none). */
export const extensionOf = (name: string): string => (name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '');

/** The kind of file a name promises, or undefined when its extension is not allowed. */
export const fileTypeOfName = (name: string): DocumentFileType | undefined => EXTENSION_TYPES[extensionOf(name)];

export const sizeLimitOf = (type: DocumentFileType): number => (isPicture(type) ? PICTURE_LIMIT_BYTES : DOCUMENT_LIMIT_BYTES);

/** Why a file with this name and size is refused before its content is read (a catalogue key), if it is. */
export function refusalByNameAndSize(name: string, size: number): 'file_extension_not_eligible' | 'file_size_not_eligible' | undefined {
  const type = fileTypeOfName(name);
  if (!type) return 'file_extension_not_eligible';
  if (size > sizeLimitOf(type)) return 'file_size_not_eligible';
  return undefined;
}

/** The name a file gets when saved: the document's, with its kind's extension when a rename dropped it. */
export const downloadName = (name: string, type: DocumentFileType): string => (EXTENSION_TYPES[extensionOf(name)] === type ? name : `${name}.${type}`);
