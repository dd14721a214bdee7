// The example regimens of fixtures/protocols, read for the protocol tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Protocol } from '../../src/generated/types/entities.ts';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'protocols');

export const exampleProtocols = (): Protocol[] =>
  readdirSync(DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Protocol);

export const exampleProtocol = (slug: string): Protocol => JSON.parse(readFileSync(join(DIR, `${slug}.json`), 'utf8')) as Protocol;
