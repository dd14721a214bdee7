// src/domain imports nothing from the rest of the project, so the rule engine writes its own types of the
// document and of a run. What it makes must stay the contract's: its documents and results are assignable to
// the generated types (checked by tsc in `npm run typecheck`). The other way the engine takes `unknown` and
// checks the shape itself (the generated index signatures only add `| undefined`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DecisionEvaluation as ContractEvaluation, DecisionGraph as ContractGraph } from '../../src/generated/types/entities.ts';
import { compileGraph, type DecisionGraph, type Evaluation } from '../../src/domain/rules/index.ts';

const toContract = (g: DecisionGraph): ContractGraph => g;
const evaluationToContract = (e: Evaluation): ContractEvaluation => e;

it('keeps the engine\u2019s document and result types the contract\u2019s', () => {
  const fixture = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'decision-packages', 'bmi_class.json'), 'utf8')) as { document: DecisionGraph };
  const doc = toContract(fixture.document);
  const compiled = compileGraph(doc);
  if (!compiled.ok) throw new Error('the fixture compiles');
  expect(evaluationToContract(compiled.graph.evaluate({ weight: 70, height_cm: 175 }, { trace: true })).outputs).toMatchObject({ bmi_class: 'normal' });
});
