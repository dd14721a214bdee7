import type { DownloadFile } from '../../generated/types/entities';

/** A file name from a title: letters, digits and dashes. */
export function fileNameOf(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/ı/g, 'i')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'export'
  );
}

/** Hands a file made in the page to the browser as a download (an export, a model's file). */
export function saveFile(name: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves a file the server answered inside the JSON envelope (a `download_file`: its content in base64). */
export function saveDownloadFile(file: DownloadFile): void {
  const bin = atob(file.content_base64);
  const bytes = new Uint8Array(new ArrayBuffer(bin.length));
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  saveFile(file.file_name, new Blob([bytes], { type: file.content_type }));
}
