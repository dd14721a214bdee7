// Which secret fields (`x-secret`) an answer can carry, following $refs. Passwords, keys and card data are
// `writeOnly` (the server refuses to send them); the other secrets — tokens — may only appear in the few
// answers whose purpose is to hand one over.
import { routeSchemaId, type Contract } from './contract.ts';

type Node = Record<string, unknown>;

export function secretFields(contract: Contract, schema: unknown, base: string): string[] {
  const byUrl = new Map(contract.schemas.map((s) => [s.id, s.schema]));
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown, url: string, path: string): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const item of node) walk(item, url, path);
      return;
    }
    const n = node as Node;
    if (n['x-secret'] === true && n.writeOnly !== true) found.add(path);
    if (typeof n.$ref === 'string') {
      const target = new URL(n.$ref, url);
      const pointer = decodeURIComponent(target.hash.slice(1));
      target.hash = '';
      const root = target.href === url && !byUrl.has(url) ? schema : byUrl.get(target.href);
      const resolved = pointer.split('/').filter(Boolean).reduce<unknown>((x, k) => (x as Node | undefined)?.[k], root);
      walk(resolved, target.href, path);
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === 'properties') for (const [p, sub] of Object.entries(v as Node)) walk(sub, url, path ? `${path}.${p}` : p);
      else if (k !== '$ref' && k !== '$defs' && typeof v === 'object') walk(v, url, path);
    }
  };
  walk(schema, base, '');
  return [...found].sort();
}

/** Routes whose purpose is to hand a secret over, once: tokens at login, a new key when it is created. */
export const SECRET_HANDOVER: Record<string, string[]> = {
  oauth_token: ['access_token', 'refresh_token'],
  password_reset_by_mail_approve: ['access_token', 'refresh_token'],
  user_accesskey_token_create: ['access_key_token'],
  user_externalapplication_record: ['new_externalapplication_key'],
  user_accesskey_record: ['new_access_key'],
  frontend_key_new: ['new_frontend_key'],
};

export function leakedSecrets(contract: Contract): string[] {
  return contract.routes.flatMap((r) =>
    secretFields(contract, r.response, routeSchemaId(r.name, 'response'))
      .filter((f) => !(SECRET_HANDOVER[r.name] ?? []).includes(f))
      .map((f) => `${r.path} answers the secret ${f}`),
  );
}

