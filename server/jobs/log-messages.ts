// The lines the queue itself writes to a process log, in the starter's language (the kinds write their own).
import type { Lang } from '../http/api-error.ts';

const LINES = {
  started: { en: 'Started (attempt {{attempt}}).', tr: 'Başladı ({{attempt}}. deneme).' },
  finished: { en: 'Finished.', tr: 'Tamamlandı.' },
  failed: { en: 'Failed: {{reason}}', tr: 'Başarısız oldu: {{reason}}' },
  failedRetried: { en: 'Failed, retried: {{reason}}', tr: 'Başarısız oldu, yeniden deneniyor: {{reason}}' },
  interruptedRetried: { en: 'Interrupted by a restart, retried.', tr: 'Yeniden başlatma nedeniyle kesildi, yeniden deneniyor.' },
  interruptedFailed: { en: 'Interrupted by a restart; no attempts left, so it failed.', tr: 'Yeniden başlatma nedeniyle kesildi; deneme hakkı kalmadığı için başarısız oldu.' },
  unknownKind: { en: 'This kind of work is not known to the worker.', tr: 'Bu iş türü çalışan tarafından tanınmıyor.' },
  stopped: { en: 'Stopped by {{who}}.', tr: '{{who}} tarafından durduruldu.' },
  resumed: { en: 'Started again by {{who}}.', tr: '{{who}} tarafından yeniden başlatıldı.' },
} satisfies Record<string, Record<Lang, string>>;

export type LogLine = keyof typeof LINES;

export function logLine(line: LogLine, lang: Lang, params: Record<string, string | number> = {}): string {
  return LINES[line][lang].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(params[k] ?? ''));
}
