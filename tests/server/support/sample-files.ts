// Small real files for the document tests: each starts with its kind's magic bytes, so a content check
// (file-type) sees what a browser would send.
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** The start of a Windows executable ("MZ" and the DOS stub's first bytes). */
export const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000', 'hex'), Buffer.alloc(200)]);
export const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

/** `bytes` padded with zeros to `size` bytes (its magic bytes stay in front). */
export const padded = (bytes: Buffer, size: number): Buffer => Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]);

export const dataUrl = (bytes: Buffer, type = 'application/octet-stream'): string => `data:${type};base64,${bytes.toString('base64')}`;
