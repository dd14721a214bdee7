// Data-model designer figures (issue 11): on a 500-parameter model (25 groups of 20, every fourth a select with
// 5 options), apply 1,000 mixed commands through the command stack and undo them all, timing each one (ops/s
// and p99 per command), then the section 5 validation of the whole model. The model undone is checked to be
// the one built, so the figures are of work that was right.
import { isDeepStrictEqual } from 'node:util';
import { emptyHistory, execute, undo, type Command, type History } from '../../src/domain/data-model/commands';
import { validateModel } from '../../src/domain/data-model/validate';
import { translationGaps } from '../../src/domain/data-model/translations';
import type { DataModel, DataModelParameter } from '../../src/generated/types/entities';

const GROUPS = 25;
const PER_GROUP = 20;

export function bigModel(): DataModel {
  const parameter = (g: number, i: number): DataModelParameter => {
    const code = `p${g}_${i}`;
    if (i % 4 === 0)
      return {
        code,
        label: { tr: `Seçim ${g}.${i}`, en: `Choice ${g}.${i}` },
        type: 'select',
        option_list: Array.from({ length: 5 }, (_, o) => ({ label: `S${o}`, value: String(o), translation: { en: `Option ${o}` } })),
      };
    return { code, label: { tr: `Değer ${g}.${i}` }, type: 'float', min_limit: 0, max_limit: 100, rule: `(p${g}_0 = "1") and (age > 18)` };
  };
  return {
    data_model_id: '8fa85f5f-88f8-5108-82f5-3c3fce886535',
    title: { tr: 'Büyük model', en: 'Large model' },
    language: 'tr',
    owner: 'bench',
    version: 1,
    status: 'draft',
    group_list: Array.from({ length: GROUPS }, (_, g) => ({ code: `g${g}`, label: { tr: `Grup ${g}` }, parameter_list: Array.from({ length: PER_GROUP }, (_, i) => parameter(g, i)) })),
  };
}

/** 1,000 commands of the kinds a designer issues most, spread over the model (deterministic). */
function commands(n: number): Command[] {
  const out: Command[] = [];
  for (let k = 0; k < n; k++) {
    const g = (k * 7) % GROUPS;
    const i = 1 + ((k * 3) % (PER_GROUP - 1));
    const code = `p${g}_${i}`;
    const choice = `p${g}_0`;
    switch (k % 8) {
      case 0: out.push({ type: 'parameter.update', parameter: code, path: 'label.en', value: `Value ${k}` }); break;
      case 1: out.push({ type: 'parameter.update', parameter: code, path: 'max_limit', value: 100 + k }); break;
      case 2: out.push({ type: 'option.add', parameter: choice, option: { label: `New ${k}`, value: `n${k}` } }); break;
      case 3: out.push({ type: 'text.set', target: { kind: 'option', parameter: choice, option: 0 }, lang: 'tr', value: `Seçenek ${k}` }); break;
      case 4: out.push({ type: 'parameter.add', to: { group: `g${g}` }, parameters: [{ code: `new_${k}`, label: { tr: `Yeni ${k}` }, type: 'integer' }] }); break;
      case 5: out.push({ type: 'parameter.move', parameter: code, to: { group: `g${(g + 1) % GROUPS}` }, index: 0 }); break;
      case 6: out.push({ type: 'group.rename', group: `g${g}`, lang: 'en', text: `Group ${k}` }); break;
      default: out.push({ type: 'option.move', parameter: choice, from: 0, to: 1 });
    }
  }
  return out;
}

const p99 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.99)];
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export function designer() {
  const start = bigModel();
  const list = commands(1_000);
  let doc = start;
  let history: History = emptyHistory();
  const applyTimes: number[] = [];
  const limit = { limit: list.length };
  for (const command of list) {
    const t0 = performance.now();
    const done = execute(doc, history, command, limit);
    applyTimes.push(performance.now() - t0);
    if (!done || done.refused) throw new Error(`command did nothing: ${JSON.stringify(command)}`);
    ({ doc, history } = done);
  }
  const undoTimes: number[] = [];
  while (history.past.length) {
    const t0 = performance.now();
    ({ doc, history } = undo(doc, history)!);
    undoTimes.push(performance.now() - t0);
  }
  if (!isDeepStrictEqual(doc, start)) throw new Error('undoing every command did not give back the model');

  const validateTimes: number[] = [];
  let problems = 0;
  for (let r = 0; r < 20; r++) {
    const t0 = performance.now();
    problems = validateModel(start).length;
    validateTimes.push(performance.now() - t0);
  }
  const t0 = performance.now();
  const gaps = translationGaps(start).length;
  const gapsMs = performance.now() - t0;

  const sum = (t: number[]) => t.reduce((a, b) => a + b, 0);
  const median = [...validateTimes].sort((a, b) => a - b)[validateTimes.length >> 1];
  console.log(`Designer on a ${GROUPS * PER_GROUP}-parameter model, ${list.length} commands:`);
  console.log(`  apply: ${fmt(list.length / (sum(applyTimes) / 1000))} commands/s, p99 ${p99(applyTimes).toFixed(2)} ms per command`);
  console.log(`  undo all: ${fmt(undoTimes.length / (sum(undoTimes) / 1000))} undos/s, p99 ${p99(undoTimes).toFixed(2)} ms per undo (the model comes back exactly)`);
  console.log(`  validation (section 5 rules): ${median.toFixed(2)} ms median of 20, ${problems} problems; translation gaps: ${gaps} in ${gapsMs.toFixed(2)} ms`);
}

/**
 * The live preview on the same 500-parameter model, in jsdom with production React: the recording form's first
 * render (every field drawn), and a value typed into a field until the form has drawn it (the check and the
 * "show when" rules run on every change).
 */
export async function designerPreview(): Promise<void> {
  process.env.NODE_ENV = 'production';
  const { ignoreCss, installDom, until } = await import('./dom.ts');
  ignoreCss();
  await installDom();
  const React = await import('react');
  const { createRoot } = await import('react-dom/client');
  const { initI18n } = await import('../../src/app/i18n/index.ts');
  const { RecordingForm } = await import('../../renderers/data-model-form/RecordingForm.tsx');
  type Values = import('../../src/domain/data-model/record.ts').RecordValues;
  initI18n('en');
  const model = bigModel();
  const fields = () => document.querySelectorAll('.dm-field').length;
  let setValues: (v: Values) => void = () => {};
  // biome-ignore lint/correctness/noComponentHookFactories: React is imported here, after production mode is set; the component is made once per bench
  function Preview() {
    const [values, set] = React.useState<Values>({});
    setValues = set;
    return React.createElement(RecordingForm, { model, values, onChange: set, lang: 'en' });
  }
  const renders: number[] = [];
  const changes: number[] = [];
  for (let run = 0; run < 5; run++) {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const t0 = performance.now();
    root.render(React.createElement(Preview));
    await until(() => fields() >= GROUPS * PER_GROUP);
    renders.push(performance.now() - t0);
    for (let k = 0; k < 10; k++) {
      const value = 10 + k + run;
      const t1 = performance.now();
      setValues({ p0_1: value });
      await until(() => (document.querySelector<HTMLInputElement>('input[name="p0_1"], [data-path="p0_1"] input')?.value ?? '') === String(value));
      changes.push(performance.now() - t1);
    }
    root.unmount();
    container.remove();
  }
  const med = (t: number[]) => [...t].sort((a, b) => a - b)[t.length >> 1];
  console.log(`  preview (the recording form, ${GROUPS * PER_GROUP} parameters): first render ${med(renders).toFixed(0)} ms (median of ${renders.length}), a typed value drawn in ${med(changes).toFixed(1)} ms (median of ${changes.length})  [jsdom, production React]`);
}
