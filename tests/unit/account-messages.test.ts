// The account forms' checks and their words: the section 5 messages in src/app/i18n are the error
// catalogue's (schemas/errors.json), so the browser and the server say the same thing in both languages.
import en from '../../src/app/i18n/en.json';
import tr from '../../src/app/i18n/tr.json';
import { statusCatalogue, type StatusKey } from '../../src/generated/errors';
import { needsRenewal, tokenFromAnswer } from '../../src/app/session';
import { AUTH_CODES, authCodeLabel } from '../../src/domain/auth-codes';
import { checkKey, checkMail, checkPassword, checkUsername, safeReturnPath } from '../../src/pages/shared/validation';

const SAME_AS_CATALOGUE: Record<string, StatusKey> = {
  usernameEmpty: 'username_empty',
  usernameFormat: 'username_format',
  fillAllInputs: 'fill_all_inputs',
  mailRequired: 'mail_required',
  mailFormat: 'mail_format',
  firstnameRequired: 'firstname_required',
  lastnameRequired: 'lastname_required',
  genderRequired: 'gender_required',
  agreementsRequired: 'agreements_required',
  passwordMin8: 'password_min_8',
  passwordMin16: 'password_min_16',
  keyTooLong: 'key_too_long',
  mailApproveCodeRequired: 'mail_approve_code_required',
  usernameNotEligible: 'username_not_eligible',
  mailNotEligible: 'mail_not_eligible',
  selectUser: 'select_user',
  authorizationAmount: 'authorization_amount',
};

describe('section 5 messages of the account forms', () => {
  it.each(Object.entries(SAME_AS_CATALOGUE))('validation.%s is the catalogue text of %s in both languages', (key, status) => {
    const entry = statusCatalogue[status];
    expect((en.validation as Record<string, string>)[key]).toBe(entry.message.en);
    expect((tr.validation as Record<string, string>)[key]).toBe(entry.message.tr);
  });

  it('names every auth code in both languages, never by the code itself', () => {
    for (const code of AUTH_CODES)
      for (const lang of ['en', 'tr'] as const) {
        const label = authCodeLabel(code, lang);
        expect(label, `${code} ${lang}`).toBeTruthy();
        expect(label).not.toBe(code);
      }
    expect(authCodeLabel('shop_admin', 'tr')).toBe('Mağaza yöneticisi');
    expect(authCodeLabel('shop_admin', 'en')).toBe('Shop administrator');
  });
});

describe('client-side checks', () => {
  it('username: empty, format (English letters, digits, dot), length', () => {
    expect(checkUsername('  ')).toBe('validation.usernameEmpty');
    expect(checkUsername('ayşe')).toBe('validation.usernameFormat');
    expect(checkUsername('ayse_y')).toBe('validation.usernameFormat');
    expect(checkUsername('ab')).toBe('validation.usernameLength');
    expect(checkUsername('ayse.yilmaz2')).toBeNull();
  });

  it('mail, password (8, or 16 where asked) and key (32)', () => {
    expect(checkMail('')).toBe('validation.mailRequired');
    expect(checkMail('a@b')).toBe('validation.mailFormat');
    expect(checkMail('a@b.co')).toBeNull();
    expect(checkPassword('1234567')).toBe('validation.passwordMin8');
    expect(checkPassword('12345678')).toBeNull();
    expect(checkPassword('123456789012345', 16)).toBe('validation.passwordMin16');
    expect(checkKey('k'.repeat(33))).toBe('validation.keyTooLong');
    expect(checkKey('bad key')).toBe('validation.keyFormat');
    expect(checkKey('good_key-1')).toBeNull();
  });

  it('new_url: same-site paths only', () => {
    expect(safeReturnPath('/ayarlar?tab=2')).toBe('/ayarlar?tab=2');
    expect(safeReturnPath('//evil.example.com')).toBeNull();
    expect(safeReturnPath('/\\evil.example.com')).toBeNull();
    expect(safeReturnPath('https://evil.example.com')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});

describe('token renewal timing', () => {
  it('fixes expires_at when the token arrives and renews a minute (at most a fifth of the lifetime) early', () => {
    const token = tokenFromAnswer({ token_type: 'Bearer', access_token: 'a', refresh_token: 'r', expires_in: 900 }, 1_000_000);
    expect(token.expires_at).toBe(1_900_000);
    expect(needsRenewal(token, 1_900_000 - 60_001)).toBe(false);
    expect(needsRenewal(token, 1_900_000 - 60_000)).toBe(true);
    const short = tokenFromAnswer({ token_type: 'Bearer', access_token: 'a', refresh_token: 'r', expires_in: 100 }, 0);
    expect(needsRenewal(short, 79_999)).toBe(false);
    expect(needsRenewal(short, 80_000)).toBe(true);
    expect(needsRenewal({ token_type: 'Bearer', access_token: 'a', expires_at: 0 }, 1)).toBe(false); // no refresh token
  });
});
