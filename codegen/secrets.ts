// Which secret fields (`x-secret`) an answer can carry, following $refs. Passwords, keys and card data are
// `writeOnly` (the server refuses to send them); the other secrets — tokens — may only appear in the few
// answers whose purpose is to hand one over.
import { routeSchemaId, type Contract } from './contract.ts';
import { fieldPaths } from './field-paths.ts';

/** The paths of the secret fields an answer schema can carry (a field marked x-secret and not writeOnly). */
export const secretFields = (contract: Contract, schema: unknown, base: string): string[] =>
  fieldPaths(contract, schema, base, (n) => n['x-secret'] === true && n.writeOnly !== true);

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

