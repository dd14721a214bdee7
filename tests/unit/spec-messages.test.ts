// The spec's own messages for bad input (src/domain/spec-messages.ts), straight from ajv errors.
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { specFieldErrors } from '../../src/domain/spec-messages.ts';
import type { SchemaError } from '../../src/domain/validation-messages.ts';

const ajv = new Ajv2020({ allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const validate = ajv.compile({
  type: 'object',
  properties: {
    username: { type: 'string', pattern: '^[A-Za-z0-9.]+$', minLength: 3 },
    password: { type: 'string', minLength: 8 },
    mail: { type: 'string', format: 'email' },
    user_data: { type: 'object', properties: { firstname: { type: 'string', minLength: 1 } } },
  },
  required: ['username', 'mail'],
});

const errorsOf = (input: unknown): SchemaError[] => (validate(input) ? [] : (validate.errors as SchemaError[]));
const keys = (route: string, input: unknown) => specFieldErrors(route, errorsOf(input), input, ['username', 'password', 'mail', 'user_data']).map((e) => `${e.field}:${e.key}`);

describe('spec messages for bad input', () => {
  it('maps each field to its section 5 message', () => {
    expect(keys('register', { username: 'ayşe', mail: 'x@example.com' })).toEqual(['username:username_format']);
    expect(keys('register', { username: '', mail: 'x@example.com' })).toEqual(['username:username_empty']);
    expect(keys('register', { username: 'ali', mail: 'nope', password: 'short' })).toEqual(['password:password_min_8', 'mail:mail_format']);
    expect(keys('register', { username: 'ali' })).toEqual(['mail:mail_required']);
    expect(keys('user_record', { username: 'ali', mail: 'a@b.co', user_data: { firstname: '' } })).toEqual(['user_data.firstname:firstname_required']);
  });

  it('orders by the form, not by ajv', () => {
    expect(keys('register', { username: 'a b', mail: 'nope' })[0]).toBe('username:username_format');
  });

  it('never tells a login which of username and password was wrong', () => {
    expect(keys('oauth_token', { username: 'a b', mail: 'a@b.co' })).toEqual(['username:login_failed']);
    expect(keys('oauth_token', { username: 'ali', mail: 'a@b.co', password: 'x' })).toEqual(['password:login_failed']);
  });

  it('leaves fields without a spec message to the generic answer', () => {
    expect(keys('register', { username: 'ab', mail: 'a@b.co' })).toEqual([]); // too short: no spec message
  });
});
