// A protocol's problems in the shape the domain's check (src/domain/protocol/check.ts) gives them and the
// server answers on a refused publish (14100's problem_list): a JSON pointer into the protocol, a status key of
// the error catalogue and its parameters. Worded at display, so they follow a change of language.
import { type ApiError, fieldMessages } from '../../src/api/errors';
import { statusMessage } from '../../src/domain/status-messages';
import type { Lang } from '../../src/domain/language';
import { statusCatalogue, type StatusKey } from '../../src/generated/errors';
import type { ProtocolDoc } from './store';

export interface Problem {
  /** Where: "/name", "/drug_list/2/unit", "" for the whole protocol. */
  path: string;
  key: StatusKey;
  params?: Record<string, unknown>;
}

export const problemText = (p: Problem, lang: Lang): string => (p.key in statusCatalogue ? statusMessage(p.key, lang, p.params ?? {}) : p.key);

/** A refused request's field (`protocol.drug_list.2.dosage`) as a pointer into the protocol (`/drug_list/2/dosage`). */
const pointerOf = (field: string) => `/${field.replace(/^protocol\.?/, '').split('.').join('/')}`.replace(/\/$/, '');

/**
 * The messages by pointer, for the fields to show their own: the problems, then a save's bad input (the
 * contract's bounds, worded by the transport in the reader's language).
 */
export function problemsByPath(problems: readonly Problem[], badInput: ApiError | null, lang: Lang): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const p of problems) if (!byPath.has(p.path)) byPath.set(p.path, problemText(p, lang));
  for (const f of badInput ? fieldMessages(badInput, lang) : []) if (!byPath.has(pointerOf(f.field))) byPath.set(pointerOf(f.field), f.message);
  return byPath;
}

/** The line a problem is about (its id), when its pointer enters the drug list. */
export function lineOf(doc: ProtocolDoc, path: string): string | null {
  const m = /^\/drug_list\/(\d+)/.exec(path);
  return m ? (doc.drug_list[Number(m[1])]?.item_id ?? null) : null;
}
