// Failures travel as ApiError; the envelope plugin turns them into {status_code, status_message} in the
// caller's language. Handlers throw `new ApiError('forbidden', {auth_codes})` and never build answers by hand.
import { statusCatalogue, type StatusKey } from '../../src/generated/errors.ts';
import contract from '../../src/generated/schemas.json' with { type: 'json' };

export type { Lang } from '../../src/domain/language.ts';
import type { Lang } from '../../src/domain/language.ts';

export class ApiError extends Error {
  constructor(
    readonly key: Exclude<StatusKey, 'ok'>,
    readonly params: Record<string, string | number> = {},
    /** Extra fields of the answer, e.g. the list of invalid fields. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(key);
  }
}

const ENTITY_ID = /^https:\/\/sema\.dev\/schemas\/entities\/([a-z0-9_]+)\.json$/;
/** Entity names → their labels, for messages that name a kind of record. */
const ENTITY_LABELS = new Map(
  (contract.schemas as { $id?: string; 'x-label'?: { en: string; tr: string } }[]).flatMap((s) => {
    const name = ENTITY_ID.exec(s.$id ?? '')?.[1];
    return name && s['x-label'] ? [[name, s['x-label']] as const] : [];
  }),
);

/** A parameter as the message shows it: an `entity` given by its schema name reads as its label, in lower case mid-sentence. */
function paramText(name: string, value: string | number | undefined, lang: Lang): string {
  const label = name === 'entity' && typeof value === 'string' ? ENTITY_LABELS.get(value)?.[lang] : undefined;
  if (label) return label.charAt(0).toLocaleLowerCase(lang) + label.slice(1);
  return String(value ?? '');
}

export function statusMessage(key: StatusKey, lang: Lang, params: Record<string, string | number> = {}): string {
  return statusCatalogue[key].message[lang].replace(/\{\{(\w+)\}\}/g, (_m, p: string) => paramText(p, params[p], lang));
}

export function envelopeOf(key: StatusKey, lang: Lang, params?: Record<string, string | number>) {
  return { status_code: statusCatalogue[key].status_code, status_message: statusMessage(key, lang, params) };
}

export const httpStatusOf = (key: StatusKey): number => statusCatalogue[key].http;
