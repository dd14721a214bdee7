// The specification's own messages for bad input (section 5): a schema error on a field that section 5 gives
// a message for is answered with that message's status key (username_format, password_min_8, ...) instead of
// the generic "check the highlighted fields". Shared by the server (the envelope) and the browser (forms), so
// a field fails with the same words on both sides. Keys are the error catalogue's (schemas/errors.json).
import type { SchemaError } from './validation-messages.ts';

export interface SpecFieldError {
  /** The field's path, dotted (`user_data.firstname`). */
  field: string;
  /** The error catalogue key of the spec message. */
  key: string;
}

type Rule = (e: SchemaError, value: unknown) => string | undefined;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const missingOrEmpty = (e: SchemaError, v: unknown) => e.keyword === 'required' || isEmpty(v);

const imageRule = (e: SchemaError): string | undefined =>
  e.keyword === 'pattern' ? 'invalid_file_type' : e.keyword === 'maxLength' ? 'file_size_not_eligible' : undefined;

/** By the field's own name (the last segment of its path). */
const RULES: Record<string, Rule> = {
  username: (e, v) => (missingOrEmpty(e, v) ? 'username_empty' : e.keyword === 'pattern' ? 'username_format' : undefined),
  password: (e) => (e.keyword === 'minLength' && e.params.limit === 8 ? 'password_min_8' : e.keyword === 'minLength' && e.params.limit === 16 ? 'password_min_16' : undefined),
  mail: (e, v) => (missingOrEmpty(e, v) ? 'mail_required' : e.keyword === 'format' || e.keyword === 'maxLength' ? 'mail_format' : undefined),
  firstname: (e, v) => (missingOrEmpty(e, v) ? 'firstname_required' : undefined),
  lastname: (e, v) => (missingOrEmpty(e, v) ? 'lastname_required' : undefined),
  gender: () => 'gender_required',
  agreements_approved: () => 'agreements_required',
  mail_approve_token: (e, v) => (missingOrEmpty(e, v) ? 'mail_approve_code_required' : 'approval_code_invalid'),
  mail_password_reset_token: (e, v) => (missingOrEmpty(e, v) ? 'mail_approve_code_required' : 'approval_code_invalid'),
  captcha_code: () => 'captcha_incorrect',
  // A measurement's weight and height are dated (spec section 5: "Weight and length date is required.").
  measurement_date: (e, v) => (missingOrEmpty(e, v) ? 'measurement_date_required' : undefined),
  access_key: (e) => (e.keyword === 'maxLength' && e.params.limit === 32 ? 'key_too_long' : undefined),
  externalapplication_key: (e) => (e.keyword === 'maxLength' && e.params.limit === 32 ? 'key_too_long' : undefined),
  // An Excel upload's name must end .xls or .xlsx (spec section 5: "only .xls or .xlsx").
  file_name: (e) => (e.keyword === 'pattern' && /xls/i.test(String(e.params.pattern)) ? 'excel_type' : undefined),
  // Uploaded images of the front-end settings (data: URLs): the spec's file messages.
  navbar_middle_logo: (e) => imageRule(e),
  page_favicon: (e) => imageRule(e),
  // A document's file (/document/record): over 10 MB, or not a data: URL.
  doc: (e) => imageRule(e),
};

/** Rules of one route, before the general ones. */
const ROUTE_RULES: Record<string, Record<string, Rule>> = {
  // A login never says which of username and password was wrong, nor why (spec: "Username or password error").
  oauth_token: {
    username: (e, v) => (missingOrEmpty(e, v) ? 'username_empty' : 'login_failed'),
    password: (e, v) => (missingOrEmpty(e, v) ? 'fill_all_inputs' : 'login_failed'),
  },
  // Send mail (spec section 5: "Please select at least one user; Please fill in the email subject and content").
  send_mail: {
    user_client_id_list: (e) => (e.keyword === 'required' || e.keyword === 'minItems' ? 'select_user' : undefined),
    subject: (e, v) => (missingOrEmpty(e, v) ? 'mail_subject_content' : undefined),
    content: (e, v) => (missingOrEmpty(e, v) ? 'mail_subject_content' : undefined),
  },
};

function pathOf(e: SchemaError): string[] {
  const path = e.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required') path.push(String(e.params.missingProperty));
  return path;
}

function valueAt(input: unknown, path: string[]): unknown {
  return path.reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), input);
}

/**
 * The spec message of each failing field that has one, in the order of `fieldOrder` (the form's order: the
 * request schema's top-level properties), then in the errors' order.
 */
export function specFieldErrors(routeName: string, errors: readonly SchemaError[], input: unknown, fieldOrder: readonly string[] = []): SpecFieldError[] {
  const found = new Map<string, SpecFieldError>();
  for (const e of errors) {
    const path = pathOf(e);
    const name = path[path.length - 1];
    if (!name) continue;
    const field = path.join('.');
    if (found.has(field)) continue;
    const rule = ROUTE_RULES[routeName]?.[name] ?? RULES[name];
    const key = rule?.(e, valueAt(input, path));
    if (key) found.set(field, { field, key });
  }
  const rank = (f: SpecFieldError) => {
    const i = fieldOrder.indexOf(f.field.split('.')[0]);
    return i < 0 ? fieldOrder.length : i;
  };
  return [...found.values()].map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
}
