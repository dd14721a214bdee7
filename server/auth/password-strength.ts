// Guessable passwords are refused wherever a password is set (registration, registration by an authorized
// person, the password reset): zxcvbn-ts estimates how many guesses a password needs, with the common
// passwords, English words and names dictionaries and the account's own details (username, mail, names, the
// site's name) as words an attacker would try first. A score under 3 (fewer than 10^8 guesses) is refused
// with password_too_guessable (11043), whose message says why in the caller's language: zxcvbn's warning
// is a key (no translations are loaded) that this file words in Turkish and English itself.
// The dictionaries (~1 MB) load on the first check and stay for the life of the process.
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { ApiError, fieldRewording, statusMessage, type Lang } from '../http/api-error.ts';

/** Scores 0–4; 3 = at least 10^8 guesses ("safely unguessable" against an online attack or a slow hash). */
export const MIN_PASSWORD_SCORE = 3;

/** What an account knows about its owner: a password made of these is guessed first. */
export interface PasswordOwner {
  username?: string;
  mail?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  siteName?: string;
}

type Reason =
  | 'straightRow'
  | 'keyPattern'
  | 'simpleRepeat'
  | 'extendedRepeat'
  | 'sequences'
  | 'recentYears'
  | 'dates'
  | 'topTen'
  | 'topHundred'
  | 'common'
  | 'similarToCommon'
  | 'wordByItself'
  | 'namesByThemselves'
  | 'commonNames'
  | 'userInputs'
  | 'pwned'
  | 'short';

/** zxcvbn's warning keys (and `short`: no pattern found, simply too few characters for its kind), worded here. */
const REASONS: Record<Reason, Record<Lang, string>> = {
  straightRow: { en: 'it is a row of keys on the keyboard.', tr: 'klavyede yan yana duran tuşlardan oluşuyor.' },
  keyPattern: { en: 'it is a short pattern of keys on the keyboard.', tr: 'klavyede kısa bir tuş deseninden oluşuyor.' },
  simpleRepeat: { en: 'it repeats one character (like "aaa").', tr: 'tek bir karakteri tekrarlıyor ("aaa" gibi).' },
  extendedRepeat: { en: 'it repeats a group of characters (like "abcabc").', tr: 'bir karakter grubunu tekrarlıyor ("abcabc" gibi).' },
  sequences: { en: 'it is a sequence (like "abc" or "6543").', tr: 'bir diziden oluşuyor ("abc" ya da "6543" gibi).' },
  recentYears: { en: 'it ends in or is a recent year.', tr: 'yakın bir yıl içeriyor.' },
  dates: { en: 'it is a date.', tr: 'bir tarih içeriyor.' },
  topTen: { en: 'it is one of the ten most used passwords.', tr: 'en çok kullanılan on paroladan biri.' },
  topHundred: { en: 'it is one of the hundred most used passwords.', tr: 'en çok kullanılan yüz paroladan biri.' },
  common: { en: 'it is a commonly used password.', tr: 'sık kullanılan bir parola.' },
  similarToCommon: { en: 'it is a commonly used password with small changes.', tr: 'sık kullanılan bir parolanın küçük bir değişikliği.' },
  wordByItself: { en: 'it is a single word.', tr: 'tek bir sözcükten oluşuyor.' },
  namesByThemselves: { en: 'it is a name or a surname.', tr: 'bir ad ya da soyadından oluşuyor.' },
  commonNames: { en: 'it is made of common names and surnames.', tr: 'yaygın ad ve soyadlarından oluşuyor.' },
  userInputs: {
    en: 'it is made of your own details (username, e-mail, name) or the site\'s name.',
    tr: 'kendi bilgilerinizden (kullanıcı adı, e-posta, ad) ya da sitenin adından oluşuyor.',
  },
  pwned: { en: 'it has appeared in a data breach.', tr: 'bir veri sızıntısında ortaya çıkmış.' },
  short: { en: 'it is too short for the kinds of characters it uses.', tr: 'kullandığı karakter türleri için fazla kısa.' },
};

let estimator: Promise<ZxcvbnFactory> | undefined;

/** One estimator per process: the dictionaries are read and ranked once (~0.25 s), on the first check. */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common, en] = await Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]);
    // No translations: feedback comes as keys, worded above. No Levenshtein matching: it costs ~0.3 s of CPU
    // per check (a way to tie up the server through the registration form) and the l33t, reversed and
    // dictionary matchers already catch the near-misses of common passwords.
    return new Factory({ dictionary: { ...common.dictionary, ...en.dictionary }, graphs: common.adjacencyGraphs, useLevenshteinDistance: false });
  })();
  estimator.catch(() => (estimator = undefined));
  return estimator;
}

const SEPARATORS = /[\s.@_+-]+/g;

/** The owner's details as the words zxcvbn tries: each value whole, without its separators, and in parts. */
export function ownerWords(owner: PasswordOwner): string[] {
  const words = new Set<string>();
  for (const value of [owner.username, owner.mail, owner.firstname, owner.lastname, owner.siteName]) {
    const v = value?.trim().toLocaleLowerCase('tr');
    if (!v) continue;
    words.add(v);
    words.add(v.replace(SEPARATORS, ''));
    for (const part of v.split(SEPARATORS)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** The reason a password is too guessable, or undefined when it is strong enough. */
export async function guessability(password: string, owner: PasswordOwner): Promise<Reason | undefined> {
  const zxcvbn = await loadEstimator();
  const result = zxcvbn.check(password, ownerWords(owner));
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const warning = result.feedback.warning as Reason | null;
  return warning && warning in REASONS ? warning : 'short';
}

/** The refusal of a guessable password, its reason in the caller's language, on the password field. */
export function tooGuessable(reason: Reason, lang: Lang, field = 'password'): ApiError {
  const params = { reason: REASONS[reason][lang] };
  return new ApiError('password_too_guessable', params, { errors: [{ field, message: statusMessage('password_too_guessable', lang, params), ...fieldRewording('password_too_guessable', params) }] });
}

/** Refuses (11043) a password that is too easy to guess for this owner. */
export async function assertHardToGuess(password: string, owner: PasswordOwner, lang: Lang): Promise<void> {
  const reason = await guessability(password, owner);
  if (reason) throw tooGuessable(reason, lang);
}
