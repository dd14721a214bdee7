// `npm run api:release`: the current OpenAPI document becomes the released one that later changes are checked
// against (codegen/api-compat.ts), and the declared breaking changes, now released, are cleared.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
copyFileSync(join(ROOT, 'src', 'generated', 'openapi.json'), join(ROOT, 'docs', 'api', 'openapi.released.json'));
const declarations = join(ROOT, 'docs', 'api', 'breaking-changes.json');
writeFileSync(declarations, `${JSON.stringify({ ...JSON.parse(readFileSync(declarations, 'utf8')), declared: [] }, null, 2)}\n`);
console.log('api:release: docs/api/openapi.released.json is the current document; no breaking change is declared.');
