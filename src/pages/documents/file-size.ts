// A file's size as people read it: "1.2 MB" in English, "1,2 MB" in Turkish (binary units, one decimal).
import type { Lang } from '../../domain/language';

const LOCALE = { tr: 'tr-TR', en: 'en-GB' } as const;

export function fileSizeParts(bytes: number, lang: Lang): { unit: 'bytes' | 'kb' | 'mb'; value: string } {
  const f = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 1 });
  if (bytes < 1024) return { unit: 'bytes', value: f.format(bytes) };
  if (bytes < 1024 * 1024) return { unit: 'kb', value: f.format(bytes / 1024) };
  return { unit: 'mb', value: f.format(bytes / (1024 * 1024)) };
}
