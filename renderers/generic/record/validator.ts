// The rjsf validator of a record form: the form's validators compiled ahead of time by codegen
// (src/generated/validators/, one chunk per form, found by the form schema's $id), because the
// Content-Security-Policy allows no eval and ajv compiles schemas to code. A form schema that is not in the
// catalogue (a test's own screen) is handed to `setUnlistedFormValidators`'s source, which by default refuses.
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { JsonSchema } from '../../../src/domain/screen';
import { formValidatorLoaders } from '../../../src/generated/validators/index';

export type FormValidatorSource = (schema: JsonSchema) => Promise<ValidatorType>;

const refuse: FormValidatorSource = (schema) => Promise.reject(new Error(`No compiled validator for the form ${schema.$id ?? '(no $id)'}: run npm run codegen`));
let unlisted = refuse;

/** Where validators of forms outside the catalogue come from (tests compile their own screens' forms). */
export function setUnlistedFormValidators(source: FormValidatorSource | undefined): void {
  unlisted = source ?? refuse;
}

const validators = new WeakMap<JsonSchema, Promise<ValidatorType>>();
const loaded = new WeakMap<JsonSchema, ValidatorType>();

/** The form schema's validator when it is already loaded: a form opened again renders at once. */
export const loadedFormValidator = (schema: JsonSchema): ValidatorType | undefined => loaded.get(schema);

/** The validator of a form schema (formSchemaOf), loaded once per schema. */
export function formValidatorOf(schema: JsonSchema): Promise<ValidatorType> {
  let hit = validators.get(schema);
  if (!hit) {
    const load = typeof schema.$id === 'string' ? formValidatorLoaders[schema.$id] : undefined;
    hit = load ? load().then((fns) => createPrecompiledValidator(fns, schema as RJSFSchema) as ValidatorType) : unlisted(schema);
    hit.then(
      (v) => loaded.set(schema, v),
      () => validators.delete(schema),
    );
    validators.set(schema, hit);
  }
  return hit;
}
