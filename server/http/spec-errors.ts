// Bad input on a field that spec section 5 gives a message for answers that message's status (e.g. a username
// with a non-English letter → username_format, a short password → password_min_8), with every field's
// message in `errors` — the spec's words where it has some. Other bad input keeps the generic answers
// (10001 naming the fields, 10002 when only required fields are missing).
import type { RouteTableEntry } from '../../src/generated/route-table.ts';
import { statusCatalogue, type StatusKey } from '../../src/generated/errors.ts';
import { listedFieldErrors, type SchemaError } from '../../src/domain/validation-messages.ts';
import { specFieldErrors } from '../../src/domain/spec-messages.ts';
import { ApiError, statusMessage, type Lang } from './api-error.ts';

export function specInputError(route: RouteTableEntry, errors: readonly SchemaError[], input: unknown, lang: Lang): ApiError | undefined {
  const order = Object.keys((route.request as { properties?: object }).properties ?? {});
  const specs = specFieldErrors(route.name, errors, input, order);
  if (!specs.length) return undefined;
  const byField = new Map(specs.map((s) => [s.field, s.key as Exclude<StatusKey, 'ok'>]));
  const listed = listedFieldErrors(errors, lang);
  const fields = listed.fields.map((f) => {
    const key = byField.get(f.field);
    return key ? { field: f.field, message: statusMessage(key, lang), status_code: statusCatalogue[key].status_code } : f;
  });
  const extra = { errors: fields, ...(listed.notListed ? { errors_not_listed: listed.notListed } : {}) };
  // Several fields left out of a form: the spec's "All required fields must be filled in." says it best.
  const onlyMissing = errors.every((e) => e.keyword === 'required' || e.keyword === 'anyOf');
  if (onlyMissing && specs.length >= 2) return new ApiError('required_fields', {}, extra);
  return new ApiError(specs[0].key as Exclude<StatusKey, 'ok'>, {}, extra);
}
