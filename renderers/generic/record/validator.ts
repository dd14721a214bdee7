// One rjsf validator for every generic form: ajv for draft 2020-12 (the contract's dialect). Each form
// schema carries a stable $id (formSchemaOf), so ajv compiles it once and rjsf finds the compiled function
// by that id on every later validation.
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';

/** How many times ajv compiled a schema (the bench and the tests read it). */
export const compileStats = { compiles: 0 };

export const formValidator = customizeValidator({
  AjvClass: Ajv2020 as never,
  // x-label, x-ui, x-ref... are annotations; rjsf's own defaults already turn strict mode off. The form
  // schemas mark oneOf branches told apart by a const (content.kind) with `discriminator` (formSchemaOf), so
  // only the chosen branch's errors are reported.
  ajvOptionsOverrides: { strict: false, discriminator: true },
  extenderFn: (ajv) => {
    const compile = ajv.compile.bind(ajv);
    ajv.compile = ((schema: object, meta?: boolean) => {
      compileStats.compiles += 1;
      return compile(schema, meta);
    }) as typeof ajv.compile;
    return ajv;
  },
});
