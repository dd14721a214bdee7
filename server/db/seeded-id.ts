// Ids of seeded rows: a UUID (version 8, name-based) made from a fixed text, the same on every start, so the
// seed finds what it added before and never adds it twice.
import { createHash } from 'node:crypto';

export function seededUuid(name: string): string {
  const h = createHash('sha256').update(name).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
