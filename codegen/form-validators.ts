// The record forms' validators, compiled ahead of time: for each screen and mode with a form, ajv's
// standalone code for the form schema and every sub-schema rjsf asks about (its oneOf branches), so the
// browser validates without compiling code at run time — the Content-Security-Policy allows no eval.
// rjsf finds them by the form's $id (renderers/generic/record/validator.ts).
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/lib/compileSchemaValidatorsCode.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { FORM_AJV_OPTIONS, formSchemaOf, type FormMode } from '../src/domain/form-schema.ts';
import type { ResolvedScreen } from '../src/domain/screen.ts';

const MODES: FormMode[] = ['new', 'edit'];

/**
 * ajv's standalone code is CommonJS: it assigns `exports[...]` and calls `require(...)` for a few runtime
 * helpers (string length, deep equality, formats). As an ES module: each required module imported as a
 * namespace, read through `cjs` (Node hands a CommonJS module over as `default`, Vite as its own exports),
 * and the validators gathered in a default export.
 */
function esModule(header: string, code: string): string {
  const modules: string[] = [];
  const body = code
    .replace(/^"use strict";\n?/, '')
    .replace(/^exports\[/gm, 'validators[')
    .replace(/require\("([^"]+)"\)/g, (_m, name: string) => {
    if (!modules.includes(name)) modules.push(name);
    return `cjs(m${modules.indexOf(name)})`;
  });
  return `${header}// @ts-nocheck
${modules.map((m, i) => `import * as m${i} from '${m}.js';`).join('\n')}

const cjs = (ns) => (ns.default?.__esModule ? ns.default : ns);
const validators = {};
${body}
export default validators;
`;
}

/** src/generated/validators/<screen>.<mode>.ts for every form, and the index that loads them by form $id. */
export function formValidatorFiles(header: string, screens: ResolvedScreen[]): Map<string, string> {
  const files = new Map<string, string>();
  const loaders: string[] = [];
  const compiled = new Set<string>();
  for (const screen of screens) {
    // The screen as the browser loads it (its JSON), so the schemas rjsf hashes are the same.
    const loaded = JSON.parse(JSON.stringify(screen)) as ResolvedScreen;
    for (const mode of MODES) {
      const schema = formSchemaOf(loaded, mode);
      // A screen that creates and changes through one route has one form.
      if (!schema || compiled.has(String(schema.$id))) continue;
      compiled.add(String(schema.$id));
      const file = `${screen.id}.${mode}.ts`;
      const code = compileSchemaValidatorsCode(schema as never, { AjvClass: Ajv2020 as never, ajvOptionsOverrides: { ...FORM_AJV_OPTIONS } });
      files.set(`validators/${file}`, esModule(header, code));
      loaders.push(`  '${schema.$id}': () => import('./${file}').then((m) => m.default),`);
    }
  }
  files.set(
    'validators/index.ts',
    `${header}import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

/** Each record form's compiled validators by the form schema's $id, one chunk per form. */
export const formValidatorLoaders: Record<string, () => Promise<ValidatorFunctions>> = {
${loaders.join('\n')}
};
`,
  );
  return files;
}
