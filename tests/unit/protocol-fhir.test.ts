// A protocol as a FHIR R4 Bundle and back (src/domain/protocol/fhir.ts): every example regimen comes back with
// the same lines; a foreign PlanDefinition is read as far as it goes, with notes in both languages.
import { describe, expect, it } from 'vitest';
import { contractAjv, loadContract, SCHEMA_BASE } from '../../codegen/contract.ts';
import { PROTOCOL_EXTENSIONS, protocolFromFhir, protocolToFhir } from '../../src/domain/protocol';
import { exampleProtocol, exampleProtocols } from './protocol-fixtures.ts';

const validLine = contractAjv(loadContract()).getSchema(`${SCHEMA_BASE}entities/protocol_drug.json`)!;
let n = 0;
const ids = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

describe('FHIR R4 protocols', () => {
  it('export a collection of one clinical-protocol PlanDefinition and an ActivityDefinition per medicine or test', () => {
    const p = { ...exampleProtocol('carboplatin-paclitaxel'), status: 'published' as const, version: 1 };
    const { bundle, notes } = protocolToFhir(p);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const [plan, ...activities] = bundle.entry.map((e) => e.resource);
    expect(plan).toMatchObject({ resourceType: 'PlanDefinition', status: 'active', title: p.name, type: { coding: [{ code: 'clinical-protocol' }] } });
    expect(activities).toHaveLength(p.drug_list.filter((l) => l.item_type !== 'message').length);
    const carboplatin = activities.find((a) => a.title === 'Carboplatin')!;
    expect(carboplatin).toMatchObject({
      kind: 'MedicationRequest',
      dosage: [
        {
          extension: [{ url: PROTOCOL_EXTENSIONS.doseBasis, valueCode: 'auc-calvert' }],
          doseAndRate: [{ doseQuantity: { value: 5, code: 'mg.min/mL' } }],
          maxDosePerAdministration: { value: 750, code: 'mg' },
        },
      ],
    });
    const actions = 'action' in plan ? plan.action! : [];
    expect(actions[1].relatedAction).toEqual([{ actionId: actions[0].id, relationship: 'after' }]);
    expect(actions[0].timingTiming).toEqual({ repeat: { count: 6, period: 21, periodUnit: 'd' } });
    expect(notes.map((x) => x.en).join(' ')).toMatch(/example to be verified locally/);
  });

  it('give back the same lines and settings for every example regimen', () => {
    for (const p of exampleProtocols()) {
      const back = protocolFromFhir(JSON.parse(JSON.stringify(protocolToFhir(p).bundle)), ids);
      expect(back.ok, p.name).toBe(true);
      if (!back.ok) continue;
      expect(back.notes).toEqual([]);
      const { protocol_id, visibility, is_example, ...kept } = p;
      expect(back.protocol).toEqual(kept);
    }
  });

  it('read a foreign PlanDefinition tolerantly: SNOMED routes, times a day, weeks; a medicine without a unit as a note', () => {
    const foreign = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: [
        {
          resource: {
            resourceType: 'PlanDefinition',
            title: 'Weekly gemcitabine',
            action: [
              { id: 'a1', title: 'Gemcitabine', definitionCanonical: 'http://x.org/ad/gem', action: [{ timingDuration: { value: 0, code: 'd' } }, { timingDuration: { value: 1, code: 'wk' } }] },
              { id: 'a2', title: 'Mystery', definitionCanonical: 'http://x.org/ad/mystery' },
              { id: 'a3', title: 'Blood count', definitionCanonical: 'http://x.org/ad/cbc', action: [{ timingDuration: { value: 0, unit: 'd' } }] },
            ],
          },
        },
        {
          resource: {
            resourceType: 'ActivityDefinition',
            url: 'http://x.org/ad/gem',
            kind: 'MedicationRequest',
            productCodeableConcept: { text: 'Gemcitabine' },
            dosage: [
              {
                route: { coding: [{ system: 'http://snomed.info/sct', code: '47625008' }] },
                timing: { repeat: { frequency: 1, period: 1, periodUnit: 'd', duration: 0.5, durationUnit: 'h' } },
                doseAndRate: [{ doseQuantity: { value: 1000, code: 'mg/m2' } }],
              },
            ],
          },
        },
        { resource: { resourceType: 'ActivityDefinition', url: 'http://x.org/ad/mystery', kind: 'MedicationRequest', title: 'Mystery', dosage: [{ text: '2 tablets' }] } },
        { resource: { resourceType: 'ActivityDefinition', url: 'http://x.org/ad/cbc', kind: 'ServiceRequest', code: { text: 'CBC' } } },
      ],
    };
    const read = protocolFromFhir(foreign, ids);
    if (!read.ok) throw new Error(read.details.en);
    const [gem, mystery, cbc] = read.protocol.drug_list;
    expect(gem).toMatchObject({ item_type: 'drug', drug_name: 'Gemcitabine', dosage: 1000, unit: 'mg_m2', administration_type: 'iv_infusion', frequency: 'once_daily', day_list: [1, 8], duration_minutes: 30 });
    expect(mystery).toMatchObject({ item_type: 'note', text: 'Mystery: 2 tablets', day_list: [1] });
    expect(cbc).toMatchObject({ item_type: 'laboratory', lab_test: 'CBC', day_list: [1] });
    for (const line of read.protocol.drug_list) expect(validLine(line), JSON.stringify(validLine.errors)).toBe(true);
    expect(read.notes.map((x) => x.en)).toEqual(['"Mystery": no days could be read; day 1 was set.', '"Mystery" was kept as a note: its dose, route, frequency could not be read.']);
    expect(read.notes[1].tr).toBe('"Mystery" not olarak eklendi: doz, uygulama yolu, sıklık okunamadı.');
  });

  it('refuse what is not a PlanDefinition, saying why', () => {
    expect(protocolFromFhir({ resourceType: 'Patient' })).toEqual({ ok: false, details: { en: 'neither a Bundle nor a PlanDefinition', tr: 'ne Bundle ne PlanDefinition' } });
    expect(protocolFromFhir({ resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Patient' } }] })).toMatchObject({ ok: false, details: { en: 'the bundle holds no PlanDefinition' } });
    expect(protocolFromFhir({ resourceType: 'PlanDefinition', action: [] })).toMatchObject({ ok: false });
  });
});
