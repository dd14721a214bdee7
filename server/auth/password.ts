// Passwords are stored as scrypt hashes: `scrypt$N$r$p$<salt b64>$<hash b64>`. New hashes use the current
// cost (N = 2^17, r = 8, p = 1: OWASP's scrypt guidance); a stored hash of a lower cost still verifies and is
// reported outdated, so the login that proves the password rehashes it (server/handlers/session.ts).
import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The cost of every new hash in production. */
export const PRODUCTION_SCRYPT: Readonly<ScryptCost> = Object.freeze({ N: 2 ** 17, r: 8, p: 1 });

const KEY_LENGTH = 32;
let cost: ScryptCost = { ...PRODUCTION_SCRYPT };

/**
 * Tests only: hash new passwords at a lower cost (one hash at the production cost takes ~0.6 s), or back at
 * the production cost with no argument. Never called by the server.
 */
export function setScryptCostForTests(testCost?: ScryptCost): void {
  cost = { ...(testCost ?? PRODUCTION_SCRYPT) };
}

function scrypt(password: string, salt: Buffer, c: ScryptCost): Promise<Buffer> {
  // scrypt needs 128 · N · r bytes: 128 MiB at the production cost, over Node's default limit of 32 MiB.
  const maxmem = 256 * c.N * c.r;
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { N: c.N, r: c.r, p: c.p, maxmem }, (e, key) => (e ? reject(e) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const c = cost;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, c);
  return ['scrypt', c.N, c.r, c.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether a stored hash was made at a lower cost than new hashes get (then it is rehashed at the next login). */
export function isOutdated(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme === 'scrypt' && (Number(n) < cost.N || Number(r) !== cost.r || Number(p) !== cost.p);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !hash) return false;
  const c = { N: Number(n), r: Number(r), p: Number(p) };
  // Only costs this code could have made: a forged row must not make the server allocate gigabytes.
  if (!Number.isInteger(Math.log2(c.N)) || c.N < 2 ** 10 || c.N > PRODUCTION_SCRYPT.N || c.r !== 8 || c.p !== 1) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(password, Buffer.from(salt, 'base64'), c);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// A wrong username costs as much time as a wrong password: the password is checked against this hash, made
// once per process at the current cost.
const noUserHashes = new Map<number, Promise<string>>();

/**
 * Checks a password against an account's stored hash, or, when there is none (no such user, no password
 * yet), against a hash of the same cost so the answer takes as long; `outdated` asks for a rehash.
 */
export async function checkPassword(password: string, stored: string | null | undefined): Promise<{ ok: boolean; outdated: boolean }> {
  if (!stored) {
    const N = cost.N;
    if (!noUserHashes.has(N)) noUserHashes.set(N, hashPassword('no such user, no such password'));
    await verifyPassword(password, await noUserHashes.get(N)!);
    return { ok: false, outdated: false };
  }
  const ok = await verifyPassword(password, stored);
  return { ok, outdated: ok && isOutdated(stored) };
}

/** A random secret for people to type: no look-alike characters. */
export function randomSecret(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join('');
}
