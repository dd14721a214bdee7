// Validators for forms outside the catalogue (a test's or the bench's own screen): compiled at run time
// with the same ajv options codegen uses for the catalogue's forms. The browser never does this (no eval).
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { ValidatorType } from '@rjsf/utils';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { FORM_AJV_OPTIONS } from '../../../src/domain/form-schema';
import type { JsonSchema } from '../../../src/domain/screen';

const runtime = customizeValidator({ AjvClass: Ajv2020 as never, ajvOptionsOverrides: { ...FORM_AJV_OPTIONS } });

export const compileFormValidator = (_schema: JsonSchema): Promise<ValidatorType> => Promise.resolve(runtime as ValidatorType);
