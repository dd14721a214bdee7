// The browser checks what the schemas say, from the generated field rules: no hand-written regular expression
// in the browser's code repeats a pattern of the contract (a copy drifts the day the schema changes).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import contract from '../../src/generated/schemas.json' with { type: 'json' };

const ROOT = join(import.meta.dirname, '..', '..');

function patternsOf(node: unknown, found: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) patternsOf(n, found);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      if (k === 'pattern' && typeof v === 'string') found.add(v);
      else patternsOf(v, found);
    }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'generated' ? [] : sources(p);
    return /\.tsx?$/.test(f) ? [p] : [];
  });
}

describe('browser checks and the contract', () => {
  it('no regular expression literal in src/ or renderers/ copies a schema pattern', () => {
    const patterns = patternsOf(contract.schemas, new Set());
    expect(patterns.size).toBeGreaterThan(5);
    const copies = [...sources(join(ROOT, 'src')), ...sources(join(ROOT, 'renderers'))].flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?<![\w)\]])\/((?:\\.|\[(?:\\.|[^\]])*\]|[^/\n[\\])+)\/[dgimsuy]*/g)]
        .filter((m) => patterns.has(m[1]))
        .map((m) => `${file.slice(ROOT.length + 1)}: /${m[1]}/`),
    );
    expect(copies).toEqual([]);
  });
});
