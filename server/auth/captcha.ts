// The login captcha, served by our own server: 5 characters drawn as SVG paths (no text, no font), each
// shifted, scaled and turned at random, over noise curves and dots. A challenge works once and for 5 minutes;
// only a hash of its answer is stored.
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import { hashSecret } from './secret-hash.ts';

export const CAPTCHA_SECONDS = 300;
export const CAPTCHA_LENGTH = 5;

type Stroke = [number, number][];

/** Strokes on a 10 × 14 grid (y down). No look-alikes: no 0/O, 1/I, 2/Z, 5/S, 6/G, 8/B. */
const GLYPHS: Record<string, Stroke[]> = {
  A: [[[0, 14], [5, 0], [10, 14]], [[2.2, 8.5], [7.8, 8.5]]],
  C: [[[10, 2], [8, 0], [2, 0], [0, 2], [0, 12], [2, 14], [8, 14], [10, 12]]],
  E: [[[10, 0], [0, 0], [0, 14], [10, 14]], [[0, 7], [7, 7]]],
  F: [[[10, 0], [0, 0], [0, 14]], [[0, 7], [7, 7]]],
  H: [[[0, 0], [0, 14]], [[10, 0], [10, 14]], [[0, 7], [10, 7]]],
  K: [[[0, 0], [0, 14]], [[10, 0], [0, 9]], [[3.5, 5.8], [10, 14]]],
  L: [[[0, 0], [0, 14], [10, 14]]],
  M: [[[0, 14], [0, 0], [5, 8], [10, 0], [10, 14]]],
  N: [[[0, 14], [0, 0], [10, 14], [10, 0]]],
  P: [[[0, 14], [0, 0], [8, 0], [10, 2], [10, 5], [8, 7], [0, 7]]],
  R: [[[0, 14], [0, 0], [8, 0], [10, 2], [10, 5], [8, 7], [0, 7]], [[5, 7], [10, 14]]],
  T: [[[0, 0], [10, 0]], [[5, 0], [5, 14]]],
  U: [[[0, 0], [0, 12], [2, 14], [8, 14], [10, 12], [10, 0]]],
  V: [[[0, 0], [5, 14], [10, 0]]],
  W: [[[0, 0], [2.5, 14], [5, 5], [7.5, 14], [10, 0]]],
  X: [[[0, 0], [10, 14]], [[10, 0], [0, 14]]],
  Y: [[[0, 0], [5, 7], [10, 0]], [[5, 7], [5, 14]]],
  '3': [[[0, 1.5], [2, 0], [8, 0], [10, 2], [10, 5], [8, 7], [3, 7]], [[8, 7], [10, 9], [10, 12], [8, 14], [2, 14], [0, 12.5]]],
  '4': [[[8, 14], [8, 0], [0, 10], [10, 10]]],
  '7': [[[0, 0], [10, 0], [4, 14]]],
  '9': [[[10, 7], [2, 7], [0, 5], [0, 2], [2, 0], [8, 0], [10, 2], [10, 12], [8, 14], [2, 14]]],
};

export const CAPTCHA_ALPHABET = Object.keys(GLYPHS).join('');

export function newCaptchaCode(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)]).join('');
}

/** The answer as compared: upper case, without spaces (people type "ab c3d"). */
export const normalizeCaptcha = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

const WIDTH = 200;
const HEIGHT = 64;
const rnd = (min: number, max: number) => min + (randomInt(1_000_000) / 1_000_000) * (max - min);
const f = (n: number) => n.toFixed(1);

/** The challenge image of `code` as an SVG document. */
export function captchaSvg(code: string): string {
  const parts: string[] = [];
  const palette = ['#1f2a44', '#3b1f44', '#1f4430', '#44301f', '#243c5a'];
  for (let i = 0; i < 7; i++) {
    const y0 = rnd(5, HEIGHT - 5);
    const y1 = rnd(5, HEIGHT - 5);
    parts.push(
      `<path d="M0 ${f(y0)} C${f(rnd(30, 80))} ${f(rnd(0, HEIGHT))} ${f(rnd(120, 170))} ${f(rnd(0, HEIGHT))} ${WIDTH} ${f(y1)}" fill="none" stroke="#8a94a6" stroke-width="${f(rnd(0.8, 1.8))}" opacity="0.7"/>`,
    );
  }
  const cell = (WIDTH - 20) / code.length;
  [...code].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) throw new Error(`no captcha glyph for ${ch}`);
    const scale = rnd(2.3, 2.8);
    const angle = (rnd(-22, 22) * Math.PI) / 180;
    const cx = 10 + cell * i + cell / 2 + rnd(-4, 4);
    const cy = HEIGHT / 2 + rnd(-5, 5);
    const skew = rnd(-0.25, 0.25);
    const at = ([x, y]: [number, number]) => {
      const px = (x - 5 + skew * (y - 7)) * scale;
      const py = (y - 7) * scale * 0.95;
      return [cx + px * Math.cos(angle) - py * Math.sin(angle) + rnd(-0.6, 0.6), cy + px * Math.sin(angle) + py * Math.cos(angle) + rnd(-0.6, 0.6)];
    };
    const d = glyph.map((stroke) => stroke.map((p, k) => `${k ? 'L' : 'M'}${at(p).map(f).join(' ')}`).join(' ')).join(' ');
    parts.push(
      `<path d="${d}" fill="none" stroke="${palette[randomInt(palette.length)]}" stroke-width="${f(rnd(2.6, 3.6))}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  for (let i = 0; i < 40; i++) parts.push(`<circle cx="${f(rnd(0, WIDTH))}" cy="${f(rnd(0, HEIGHT))}" r="${f(rnd(0.6, 1.6))}" fill="#6b7280" opacity="0.8"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4f5f7"/>${parts.join('')}</svg>`;
}

const answerHash = (captchaId: string, code: string) => hashSecret(`${captchaId}:${normalizeCaptcha(code)}`);

/** A new challenge: stored (hashed), with its image. Removes challenges that ended an hour ago. */
export async function createCaptcha(db: Queryable, tenantId: string, code: string): Promise<{ captcha_id: string; image: string; expires_in: number }> {
  const captchaId = randomUUID();
  await db.query("delete from captcha_challenge where expires_at < now() - interval '1 hour'");
  await db.query(
    `insert into captcha_challenge (captcha_id, tenant_id, code_hash, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [captchaId, tenantId, answerHash(captchaId, code), CAPTCHA_SECONDS],
  );
  return { captcha_id: captchaId, image: `data:image/svg+xml;base64,${Buffer.from(captchaSvg(code)).toString('base64')}`, expires_in: CAPTCHA_SECONDS };
}

/** Uses the challenge up (one attempt, right or wrong) and answers whether `code` was its answer in time. */
export async function checkCaptcha(db: Queryable, tenantId: string, captchaId: string, code: string): Promise<boolean> {
  const rows = await db.query<{ code_hash: string; fresh: boolean }>(
    `update captcha_challenge set used_at = now()
      where captcha_id = $1 and tenant_id = $2 and used_at is null
      returning code_hash, expires_at > now() as fresh`,
    [captchaId, tenantId],
  );
  if (!rows.length || !rows[0].fresh) return false;
  const expected = Buffer.from(rows[0].code_hash);
  const given = Buffer.from(answerHash(captchaId, code));
  return expected.length === given.length && timingSafeEqual(expected, given);
}
