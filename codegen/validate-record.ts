// `npm run validate -- <model file | screen id[:new|edit]> <record file.json> [--today YYYY-MM-DD]`: checks a
// record fixture the way its form would and prints every problem at its field, in Turkish and English; exit
// code 1 when there is an error (warnings alone pass). A model file is a data model (fixtures/data-models/models/):
// the record is checked by src/domain/data-model/record.ts, the recording form's and the server's own check. A
// screen id (schemas/screens/) checks the record against that screen's new (or edit) form with its compiled
// validator and the generic form's wording (renderers/generic/record/form.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { compileRecordModel, recordProblemMessage, type RecordValues } from '../src/domain/data-model/record';
import { formSchemaOf, type FormMode } from '../src/domain/form-schema';
import type { ResolvedScreen } from '../src/domain/screen';
import type { DataModel } from '../src/generated/types/entities';
import { formValidatorLoaders } from '../src/generated/validators/index';
import { translateErrors, type FormError } from '../renderers/generic/record/form';

const ROOT = join(import.meta.dirname, '..');

export interface Judged {
  /** One line per problem: `field  error|warning  tr: … | en: …`. */
  lines: string[];
  errors: number;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** A record file holds the values, or a save request's shape ({ "values": … }). */
function valuesOf(record: unknown): Record<string, unknown> {
  const o = (record ?? {}) as Record<string, unknown>;
  return o.values && typeof o.values === 'object' && !Array.isArray(o.values) ? (o.values as Record<string, unknown>) : o;
}

export function judgeModelRecord(model: DataModel, record: unknown, today?: string): Judged {
  const problems = compileRecordModel(model).check(valuesOf(record) as RecordValues, { today });
  return {
    lines: problems.map((p) => `${p.path.join('.') || '(record)'}  ${p.severity}  tr: ${recordProblemMessage(p, 'tr')} | en: ${recordProblemMessage(p, 'en')}`),
    errors: problems.filter((p) => p.severity === 'error').length,
  };
}

export async function judgeScreenRecord(target: string, record: unknown): Promise<Judged> {
  const [id, mode = 'new'] = target.split(':') as [string, FormMode];
  const screen = readJson(join(ROOT, 'src', 'generated', 'screens', `${id}.json`)) as ResolvedScreen;
  const schema = formSchemaOf(screen, mode);
  const load = schema && formValidatorLoaders[schema.$id as string];
  if (!schema || !load) throw new Error(`The screen ${id} has no ${mode} form`);
  const validator = createPrecompiledValidator(await load(), schema as RJSFSchema) as ValidatorType;
  const routeName = (mode === 'new' ? screen.routes.new : screen.routes.edit)!;
  const data = valuesOf(record);
  const worded = (lang: 'tr' | 'en') =>
    translateErrors(validator.validateFormData(data, schema as RJSFSchema).errors as FormError[], schema, lang, routeName, data, { tr: 'Türkçe', en: 'English' });
  const [tr, en] = [worded('tr'), worded('en')];
  return { lines: tr.map((e, i) => `${e.property || '(record)'}  error  tr: ${e.stack} | en: ${en[i]?.stack}`), errors: tr.length };
}

/** Runs the command: answers its output and exit code. */
export async function validateCommand(args: string[]): Promise<{ code: number; output: string }> {
  const todayAt = args.indexOf('--today');
  const today = todayAt >= 0 ? args[todayAt + 1] : undefined;
  const [target, recordFile] = todayAt >= 0 ? args.filter((_, i) => i !== todayAt && i !== todayAt + 1) : args;
  if (!target || !recordFile) return { code: 2, output: 'usage: npm run validate -- <model file | screen id[:new|edit]> <record file.json> [--today YYYY-MM-DD]' };
  const record = readJson(resolve(recordFile));
  const judged = existsSync(resolve(target)) ? judgeModelRecord(readJson(resolve(target)) as DataModel, record, today) : await judgeScreenRecord(target, record);
  const summary = judged.errors ? `${recordFile}: ${judged.errors} error(s)` : `${recordFile}: valid`;
  return { code: judged.errors ? 1 : 0, output: [...judged.lines, summary].join('\n') };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { code, output } = await validateCommand(process.argv.slice(2));
  console.log(output);
  process.exitCode = code;
}
