// The rule canvas (renderers/rule-canvas) on the algorithm page, against a fake of the package routes:
// adding and connecting nodes, the parenthesis message in both languages, the decision-table grid, undo and
// redo from the keyboard, the test panel's path and decisions, the save conflict and publishing; the Package
// tab (name and description saved with the draft, an older version opened read-only, sharing) and running
// the published version on the server.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DecisionGraph, RuleNode } from '../../src/domain/rules';
import { storeSession } from './support/account';
import { startApp, tenant } from './support/app-fixtures';
import { serveTenant } from './support/handlers';
import { disposeRouters, setBodyWidth } from './support/dom';
import { installReactFlowStubs } from './support/react-flow';
import { callsTo, inputOnly, newest, PACKAGE_ID, publishNewest, resetRules, ruleHandlers, saveElsewhere, seedPackage } from './support/rules';
import { server } from './support/server';

installReactFlowStubs();

const fixture = (name: string) => (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'decision-packages', `${name}.json`), 'utf8')) as { document: DecisionGraph }).document;

const PAGE_TR = `/kural-motoru-algoritmasi?package_id=${PACKAGE_ID}`;

// The canvas is tested in Turkish, on the shop site with its clinical pages (the rule engine's) switched on.
const clinicalShop = tenant('localhost');
clinicalShop.frontend.clinical_function = 1;

beforeEach(() => server.use(...serveTenant(clinicalShop), ...ruleHandlers));
afterEach(() => resetRules());

async function openCanvas(doc: DecisionGraph = inputOnly(), path = PAGE_TR, seed: Parameters<typeof seedPackage>[1] = {}) {
  seedPackage(doc, seed);
  return startCanvas(path);
}

/** Opens the canvas page of packages seeded already. */
async function startCanvas(path = PAGE_TR) {
  storeSession();
  const user = userEvent.setup();
  const view = await startApp(path);
  await screen.findByRole('toolbar', { name: /Algoritma araçları|Algorithm tools/ });
  return { user, view };
}

/** The canvas's node of that id (React Flow's wrapper: focusable, labelled). */
const nodeEl = (id: string) => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${id}"]`);
const nodeIds = () => [...document.querySelectorAll<HTMLElement>('.react-flow__node')].map((n) => n.dataset.id!);
const edgeCount = () => document.querySelectorAll('.react-flow__edge').length;
const panel = () => screen.getByRole('tabpanel');

/** Opens a node's editor from the keyboard: focus it (Tab stops on nodes) and press Enter. */
async function openNode(user: ReturnType<typeof userEvent.setup>, id: string) {
  await waitFor(() => expect(nodeEl(id)).not.toBeNull());
  act(() => nodeEl(id)!.focus());
  await user.keyboard('{Enter}');
  await waitFor(() => expect(within(panel()).getByRole('heading', { level: 2 })).toBeInTheDocument());
}

describe('the rule canvas', () => {
  it('shows the package, its nodes and the toolbar', async () => {
    await openCanvas(fixture('bmi_class'));
    expect(screen.getByRole('heading', { level: 1, name: 'Kural Motoru Algoritması' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Böbrek dozu' })).toBeInTheDocument();
    await waitFor(() => expect(nodeIds()).toEqual(['body', 'calc', 'classes', 'out']));
    await waitFor(() => expect(edgeCount()).toBe(3));
    expect(screen.getByRole('group', { name: 'Karar tablosu (classes)' })).toBeInTheDocument();
  });

  it('loads the package once (again only on "retry" after a failure, never on a change of language)', async () => {
    // Not there yet: the server's refusal, and a way to try again.
    storeSession();
    const user = userEvent.setup();
    await startApp(PAGE_TR);
    const retry = await screen.findByRole('button', { name: 'Yeniden dene' });
    expect(callsTo('get')).toHaveLength(1);
    seedPackage(fixture('bmi_class'));
    await user.click(retry);
    await screen.findByRole('toolbar', { name: 'Algoritma araçları' });
    await waitFor(() => expect(nodeIds()).toHaveLength(4));
    expect(callsTo('get')).toHaveLength(2);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    await screen.findByRole('toolbar', { name: 'Algorithm tools' });
    await new Promise((r) => setTimeout(r, 300));
    expect(callsTo('get')).toHaveLength(2);
  });

  it("says a node's type and an output's kind once when they read the same, in Turkish and in English", async () => {
    const doc: DecisionGraph = {
      ...inputOnly(),
      nodes: [
        { id: 'input', type: 'input', position: { x: 0, y: 0 }, fields: [{ name: 'level', type: 'number' }] },
        { id: 'gate', type: 'switch', position: { x: 150, y: 0 }, hit_policy: 'first', branches: [{ id: 'high', condition: 'level > 2' }, { id: 'mid', condition: 'level > 1' }] },
        // Named after its type in both languages.
        { id: 'named', type: 'output', position: { x: 300, y: 0 }, name: { tr: 'Çıktı', en: 'output' }, kind: 'decision', severity: 'info', code: 'named', text: { tr: 'a', en: 'a' } },
        // An alert of severity warning: "Uyarı" and "Uyarı" in Turkish.
        { id: 'warn', type: 'output', position: { x: 300, y: 200 }, kind: 'alert', severity: 'warning', code: 'warn', text: { tr: 'b', en: 'b' } },
        { id: 'crit', type: 'output', position: { x: 300, y: 400 }, name: { tr: 'Dur', en: 'Stop' }, kind: 'alert', severity: 'critical', code: 'crit', text: { tr: 'c', en: 'c' } },
      ],
      edges: [
        { id: 'e1', source: 'input', target: 'gate' },
        { id: 'e2', source: 'gate', source_handle: 'high', target: 'crit' },
        { id: 'e3', source: 'gate', source_handle: 'mid', target: 'warn' },
        { id: 'e4', source: 'gate', source_handle: 'else', target: 'named' },
      ],
    };
    const { user } = await openCanvas(doc);
    await waitFor(() => expect(nodeIds()).toHaveLength(5));
    const badge = (id: string) => nodeEl(id)!.querySelector('.rule-badge')!.textContent;
    expect(badge('warn')).toBe('Uyarı');
    expect(badge('crit')).toBe('Uyarı · Kritik');
    expect(badge('named')).toBe('Karar · Bilgi');
    // The node named "Çıktı" shows it once, as its name; the others keep their type over their name or id.
    expect(nodeEl('named')!.querySelector('.rule-node__type')).toBeNull();
    expect(nodeEl('named')!.querySelector('.rule-node__name')).toHaveTextContent(/^Çıktı$/);
    expect(nodeEl('crit')!.querySelector('.rule-node__type')).toHaveTextContent('Çıktı');
    expect(screen.getByRole('group', { name: 'Çıktı' })).toBe(nodeEl('named'));
    expect(screen.getByRole('group', { name: 'Çıktı: Dur' })).toBe(nodeEl('crit'));
    expect(screen.getByRole('group', { name: 'Çıktı (warn)' })).toBe(nodeEl('warn'));
    await openNode(user, 'named');
    expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent(/^⚑ Çıktı$/);
    await openNode(user, 'warn');
    expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent(/^⚑ Çıktı \(warn\)$/);

    // The test panel's decisions say it once too.
    await user.click(screen.getByRole('tab', { name: 'Test' }));
    await user.type(within(panel()).getByLabelText('level'), '1.5');
    await user.click(within(panel()).getByRole('button', { name: 'Çalıştır' }));
    const decisions = await within(panel()).findByRole('region', { name: 'Kararlar' });
    expect(within(decisions).getByText('Uyarı', { selector: '.rule-badge' })).toBeInTheDocument();

    // In English the kind and severity differ ("Alert · Warning"); "output" is still the type's name.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    await waitFor(() => expect(badge('warn')).toBe('Alert · Warning'));
    expect(nodeEl('named')!.querySelector('.rule-node__type')).toBeNull();
    expect(screen.getByRole('group', { name: 'output' })).toBe(nodeEl('named'));
    expect(screen.getByRole('group', { name: 'Output: Stop' })).toBe(nodeEl('crit'));
  });

  it('adds nodes from the toolbar and connects them from the editor, one undoable command each', async () => {
    const { user } = await openCanvas();
    await waitFor(() => expect(nodeIds()).toEqual(['input']));

    await user.click(screen.getByRole('button', { name: 'Anahtar ekle' }));
    await waitFor(() => expect(nodeIds()).toHaveLength(2));
    const sw = nodeIds().find((id) => id.startsWith('switch_'))!;
    // The new node is selected and its editor open.
    expect(within(panel()).getByRole('heading', { level: 2, name: `Anahtar (${sw})` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Çıktı ekle' }));
    await waitFor(() => expect(nodeIds()).toHaveLength(3));
    const out = nodeIds().find((id) => id.startsWith('output_'))!;

    // input → switch, from the input's editor (the keyboard way to connect).
    await openNode(user, 'input');
    await user.selectOptions(within(panel()).getByLabelText('“Sonraki” çıkışını şuna bağla'), sw);
    await waitFor(() => expect(edgeCount()).toBe(1));
    // switch (branch 1) → output.
    await openNode(user, sw);
    await user.selectOptions(within(panel()).getByLabelText('“Dal 1” çıkışını şuna bağla'), out);
    await waitFor(() => expect(edgeCount()).toBe(2));
    expect(within(panel()).getByRole('button', { name: `“Dal 1” ile “Çıktı (${out})” arasındaki bağlantıyı kaldır` })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Taslağı kaydet' }));
    await screen.findByText('Taslak olarak kaydedildi, sürüm 1.');
    const saved = callsTo('save')[0].body.document as DecisionGraph;
    expect(saved.nodes.map((n) => n.type)).toEqual(['input', 'switch', 'output']);
    expect(saved.edges.map(({ source, source_handle, target }) => ({ source, source_handle, target }))).toEqual([
      { source: 'input', source_handle: undefined, target: sw },
      { source: sw, source_handle: 'b1', target: out },
    ]);
    // Screen state never reaches the document.
    expect(JSON.stringify(saved)).not.toMatch(/"(selected|measured|dragging|data)"/);

    // Each step undoes on its own: the two connections, then the two nodes.
    const undo = screen.getByRole('button', { name: 'Geri al' });
    await user.click(undo);
    await waitFor(() => expect(edgeCount()).toBe(1));
    await user.click(undo);
    await user.click(undo);
    await waitFor(() => expect(nodeIds()).toHaveLength(2));
  });

  it('says what is wrong with the brackets as you type, in Turkish and in English, and marks the node', async () => {
    const { user } = await openCanvas();
    await user.click(screen.getByRole('button', { name: 'Anahtar ekle' }));
    const sw = await waitFor(() => nodeIds().find((id) => id.startsWith('switch_'))!);
    const text = within(panel()).getByLabelText('Dal 1: metin olarak koşul');
    await user.type(text, '(creatinine > 1.5');
    expect(await within(panel()).findByText('Lütfen parantezleri kontrol edin: 1. konumdaki parantez hiç kapanmıyor')).toBeInTheDocument();
    expect(text).toHaveAttribute('aria-invalid', 'true');
    // The character is marked under the box, and a button selects it in the box.
    expect(within(panel()).getByText('(', { selector: 'mark' })).toBeInTheDocument();
    await user.click(within(panel()).getByRole('button', { name: 'Metinde 1. konumu seç' }));
    expect(text).toHaveFocus();
    expect([(text as HTMLInputElement).selectionStart, (text as HTMLInputElement).selectionEnd]).toEqual([0, 1]);
    await waitFor(() => expect(nodeEl(sw)!.querySelector('.rule-node--error')).not.toBeNull());
    expect(screen.getByRole('group', { name: new RegExp(`^Anahtar \\(${sw}\\), \\d+ hata`) })).toBeInTheDocument();

    // The language changes on the same page, unsaved work kept; the message follows.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    expect(await within(panel()).findByText('Please check the parenthesis: the one at position 1 is never closed')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(window.location.pathname).toBe('/rule-engine-algorithm');
    expect(within(panel()).getByLabelText('Branch 1: condition as text')).toHaveValue('(creatinine > 1.5');

    // Fixing it clears the message; the unknown name is what is left, connected or not.
    await user.type(within(panel()).getByLabelText('Branch 1: condition as text'), ')');
    await waitFor(() => expect(within(panel()).queryByText(/Please check the parenthesis/)).toBeNull());
    expect(await within(panel()).findByText(/“creatinine” is not a parameter of the record/)).toBeInTheDocument();
    await openNode(user, 'input');
    await user.selectOptions(within(panel()).getByLabelText('Connect “Next” to'), sw);
    await openNode(user, sw);
    expect(await within(panel()).findByText(/“creatinine” is not a parameter of the record/)).toBeInTheDocument();
  });

  it("keeps a condition's rows (variable · operator · value) and its text in step, both ways", async () => {
    const doc: DecisionGraph = {
      ...inputOnly(),
      nodes: [
        { id: 'input', type: 'input', position: { x: 0, y: 0 }, fields: [{ name: 'creatinine', type: 'number' }, { name: 'age', type: 'number' }] },
        { id: 'gate', type: 'switch', position: { x: 300, y: 0 }, hit_policy: 'first', branches: [{ id: 'high', condition: '' }] },
      ],
      edges: [{ id: 'e1', source: 'input', target: 'gate' }],
    };
    const { user } = await openCanvas(doc);
    await openNode(user, 'gate');
    const p = within(panel());
    // The nine operators of the spec, with their labels in the user's language.
    expect(within(p.getByLabelText('İşleç (satır 1)')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Eşit', 'Eşit değil', 'Büyük', 'Büyük veya eşit', 'Küçük', 'Küçük veya eşit', 'İçerir', 'İçermez', 'Değere bakma',
    ]);
    await user.selectOptions(p.getByLabelText('Değişken (satır 1)'), 'creatinine');
    await user.selectOptions(p.getByLabelText('İşleç (satır 1)'), 'greater_or_equal');
    await user.type(p.getByLabelText('Değer (satır 1)'), '1.5');
    const text = p.getByLabelText('Dal 1: metin olarak koşul');
    expect(text).toHaveValue('creatinine >= 1.5');

    // Typed text comes back as rows.
    await user.type(text, ' and age > 65');
    await waitFor(() => expect(p.getByLabelText('Değişken (satır 2)')).toHaveValue('age'));
    expect(p.getByLabelText('İşleç (satır 2)')).toHaveValue('greater');
    expect(p.getByLabelText('Değer (satır 2)')).toHaveValue('65');
    expect(p.getByLabelText('Satırları birleştiren')).toHaveValue('and');
    await user.selectOptions(p.getByLabelText('Satırları birleştiren'), 'or');
    expect(text).toHaveValue('creatinine >= 1.5 or age > 65');
    await user.selectOptions(p.getByLabelText('İşleç (satır 1)'), 'do_not_look_for_value');
    expect(text).toHaveValue('creatinine is any or age > 65');

    // A text the rows cannot hold (brackets, not) is edited as text only.
    await user.clear(text);
    await user.type(text, 'not (age > 65)');
    expect(await p.findByText(/metin olarak düzenleyin/)).toBeInTheDocument();
    expect(p.getByRole('group', { name: 'Dal 1: satırlarla koşul' })).toBeDisabled();
  });

  it('edits a decision table in its grid: cells, rows, columns and hit policy, with problems placed by row and column', async () => {
    const { user } = await openCanvas(fixture('bmi_class'));
    await openNode(user, 'classes');
    const p = within(panel());
    const grid = p.getByRole('table');
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    const cell = p.getByLabelText('Satır 2, Giriş 1');
    expect(cell).toHaveValue('>= 18.5 and <= 24.9');
    await user.clear(cell);
    await user.type(cell, '>= 18.5 and < 25');

    await user.click(p.getByRole('button', { name: 'Satır ekle' }));
    expect(within(grid).getAllByRole('row')).toHaveLength(5);
    await user.type(p.getByLabelText('Satır 4, Giriş 1'), '> 40 and (< 100');
    await user.type(p.getByLabelText('Satır 4, Çıktı 1'), '"very high"');
    // A broken cell is marked and its problem named with its row and column.
    expect(await p.findByText('Satır 4, Giriş 1', { selector: '.rule-grid__where' })).toBeInTheDocument();
    expect(p.getByText(/^Lütfen parantezleri kontrol edin: /)).toBeInTheDocument();
    expect(p.getByLabelText('Satır 4, Giriş 1')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(p.getByLabelText('Satır 4, Giriş 1'));
    await user.type(p.getByLabelText('Satır 4, Giriş 1'), '> 40');
    await waitFor(() => expect(p.queryByText(/^Lütfen parantezleri kontrol edin: /)).toBeNull());

    // Columns: add an input column testing the weight, then an output column; remove the output again.
    await user.click(p.getByRole('button', { name: 'Giriş sütunu ekle' }));
    await user.type(p.getByLabelText('Giriş sütunu 2: sınadığı değer'), 'weight');
    await user.type(p.getByLabelText('Satır 1, Giriş 2'), '< 50');
    await user.click(p.getByRole('button', { name: 'Çıktı sütunu ekle' }));
    await user.type(p.getByLabelText('Çıktı sütunu 2: atadığı değişken'), 'note');
    await user.click(p.getByRole('button', { name: 'Çıktı 2 kaldır' }));
    expect(p.queryByLabelText('Çıktı sütunu 2: atadığı değişken')).toBeNull();
    // Rows move; the hit policy is a choice.
    await user.click(p.getByRole('button', { name: '4. satır yukarı taşı' }));
    await user.selectOptions(p.getByLabelText('Hangi satırlar kullanılır'), 'first');

    await user.click(screen.getByRole('button', { name: 'Taslağı kaydet' }));
    await screen.findByText('Taslak olarak kaydedildi, sürüm 1.');
    const table = (callsTo('save')[0].body.document as DecisionGraph).nodes.find((n) => n.id === 'classes') as Extract<RuleNode, { type: 'table' }>;
    expect(table.hit_policy).toBe('first');
    expect(table.inputs.map((c) => c.expression)).toEqual(['bmi', 'weight']);
    expect(table.outputs.map((c) => c.variable)).toEqual(['bmi_class']);
    expect(table.rows.map((r) => [r.cells, r.results])).toEqual([
      [{ bmi: '< 18.5', c2: '< 50' }, { class: '"under"' }],
      [{ bmi: '>= 18.5 and < 25' }, { class: '"normal"' }],
      [{ bmi: '> 40' }, { class: '"very high"' }],
      [{ bmi: '> 24.9' }, { class: '"over"' }],
    ]);
  });

  it('undoes and redoes from the keyboard (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y), moves with the arrows, copies, pastes and deletes after asking', async () => {
    const { user } = await openCanvas(fixture('bmi_class'));
    await openNode(user, 'out');
    const p = within(panel());
    const code = p.getByLabelText('Kod');
    await user.type(code, '_v2');
    await user.tab(); // leaving the box ends the typing step
    await user.selectOptions(p.getByLabelText('Önem'), 'critical');
    expect(code).toHaveValue('bmi_class_v2');

    await user.keyboard('{Control>}z{/Control}');
    expect(p.getByLabelText('Önem')).toHaveValue('info');
    expect(p.getByLabelText('Kod')).toHaveValue('bmi_class_v2');
    await user.keyboard('{Control>}z{/Control}');
    expect(p.getByLabelText('Kod')).toHaveValue('bmi_class');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(p.getByLabelText('Kod')).toHaveValue('bmi_class_v2');
    await user.keyboard('{Control>}y{/Control}');
    expect(p.getByLabelText('Önem')).toHaveValue('critical');
    // macOS: Cmd+Z.
    await user.keyboard('{Meta>}z{/Meta}');
    expect(p.getByLabelText('Önem')).toHaveValue('info');

    // Tab reaches the nodes; Space selects one, arrows move it (one undo step for a run of presses).
    const node = nodeEl('calc')!;
    expect(node).toHaveAttribute('tabindex', '0');
    act(() => node.focus());
    await user.keyboard(' ');
    await waitFor(() => expect(node.style.transform).toBe('translate(260px,100px)'));
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowDown}');
    await waitFor(() => expect(node.style.transform).toBe('translate(270px,105px)'));
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(node.style.transform).toBe('translate(260px,100px)'));

    // Copy and paste give a new node with a fresh id; Delete asks first, and undo brings it back.
    act(() => node.focus());
    await user.keyboard('{Control>}c{/Control}{Control>}v{/Control}');
    await waitFor(() => expect(nodeIds()).toHaveLength(5));
    const copy = nodeIds().find((id) => !['body', 'calc', 'classes', 'out'].includes(id))!;
    expect(copy).toMatch(/^expr_/);
    act(() => nodeEl(copy)!.focus());
    await user.keyboard('{Control>}d{/Control}');
    await waitFor(() => expect(nodeIds()).toHaveLength(6));

    act(() => nodeEl('classes')!.focus());
    await user.keyboard(' ');
    await user.keyboard('{Delete}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Silinsin mi?' });
    expect(dialog).toHaveTextContent('1 düğüm ve 0 bağlantı silinsin mi?');
    await user.click(within(dialog).getByRole('button', { name: 'Hayır' }));
    expect(nodeIds()).toContain('classes');
    act(() => nodeEl('classes')!.focus());
    await user.keyboard('{Delete}');
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(nodeIds()).not.toContain('classes'));
    expect(edgeCount()).toBe(1);
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(nodeIds()).toContain('classes'));
    await waitFor(() => expect(edgeCount()).toBe(3));
  });

  it('runs the current algorithm in the test panel: the path lit node by node, each step and the decisions', async () => {
    const { user } = await openCanvas(fixture('bmi_class'));
    await user.click(screen.getByRole('tab', { name: 'Test' }));
    const p = within(panel());
    await user.type(p.getByLabelText('Kilo (kg)'), '70');
    await user.type(p.getByLabelText('Boy (cm)'), '175');
    await user.click(p.getByRole('button', { name: 'Çalıştır' }));

    const decisions = await p.findByRole('region', { name: 'Kararlar' });
    expect(within(decisions).getByText('bmi_class')).toBeInTheDocument();
    expect(within(decisions).getByText('BKİ 22.9: normal')).toBeInTheDocument();
    expect(within(decisions).getByText('Karar · Bilgi')).toBeInTheDocument();
    const steps = within(p.getByRole('heading', { name: 'Adım adım yol' }).parentElement!).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('strong')!.textContent)).toEqual(['Giriş (body)', 'İfade (calc)', 'Karar tablosu (classes)', 'Çıktı (out)']);
    expect(steps[0]).toHaveTextContent('Kayıt: weight = 70; height_cm = 175');
    expect(steps[1]).toHaveTextContent('Atanan: bmi = 22.9');
    expect(steps[2]).toHaveTextContent('Eşleşen satırlar: normal');
    // The canvas lights the path in order.
    await waitFor(() => expect(['body', 'calc', 'classes', 'out'].map((id) => nodeEl(id)!.querySelector('.rule-node')!.getAttribute('data-path-step'))).toEqual(['1', '2', '3', '4']));
    await waitFor(() => expect(document.querySelectorAll('.react-flow__edge.rule-edge--path')).toHaveLength(3));

    // An error in the document: the panel says what to fix instead of running.
    await openNode(user, 'calc');
    await user.type(within(panel()).getByLabelText('İfade'), ' +');
    await user.click(screen.getByRole('tab', { name: /Test/ }));
    await user.click(within(panel()).getByRole('button', { name: 'Çalıştır' }));
    expect(await within(panel()).findByText('Algoritmada hatalar var; çalıştırmak için düzeltin:')).toBeInTheDocument();
  });

  it("takes the test run's dates in the page's language (GG.AA.YYYY in Turkish), and says how to write one that is no day", async () => {
    const { user } = await openCanvas(fixture('bmi_class'));
    await user.click(screen.getByRole('tab', { name: 'Test' }));
    const p = within(panel());
    const today = p.getByLabelText(/^Bugün/);
    expect(today).toHaveAttribute('placeholder', 'GG.AA.YYYY');
    await user.type(p.getByLabelText('Kilo (kg)'), '70');
    await user.type(p.getByLabelText('Boy (cm)'), '175');
    await user.type(today, '31.02.2026');
    await user.click(p.getByRole('button', { name: 'Çalıştır' }));
    expect(p.getByText('Günü GG.AA.YYYY biçiminde yazın.')).toBeInTheDocument();
    expect(today).toHaveAttribute('aria-invalid', 'true');
    expect(today).toHaveFocus();
    expect(p.queryByRole('region', { name: 'Kararlar' })).toBeNull();
    await user.clear(today);
    await user.type(today, '01.02.2026');
    await user.click(p.getByRole('button', { name: 'Çalıştır' }));
    expect(await p.findByRole('region', { name: 'Kararlar' })).toBeInTheDocument();
    expect(p.queryByText('Günü GG.AA.YYYY biçiminde yazın.')).toBeNull();
  });

  it("reports a save conflict in the user's language and loads the latest version on request", async () => {
    const { user } = await openCanvas(fixture('bmi_class'));
    const theirs = structuredClone(fixture('bmi_class'));
    theirs.nodes[3].name = { en: 'Their output', tr: 'Onların çıktısı' };
    saveElsewhere(PACKAGE_ID, theirs);

    await openNode(user, 'out');
    await user.type(within(panel()).getByLabelText('Kod'), '_mine');
    await user.click(screen.getByRole('button', { name: 'Taslağı kaydet' }));
    const alert = await screen.findByText('Kaydedilmedi.');
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(box).toHaveTextContent('Bu paket bu arada değiştirildi: en son sürüm 2, siz 1. sürümü düzenlediniz.');
    expect(screen.getByText(/kaydedilmemiş değişiklikler var/)).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'En son sürümü yükle' }));
    expect(await screen.findByText('2. sürüm yüklendi.')).toBeInTheDocument();
    expect(screen.queryByText('Kaydedilmedi.')).toBeNull();
    expect(screen.getByText('Sürüm 2 · Taslak')).toBeInTheDocument();
    await waitFor(() => expect(nodeEl('out')).toHaveTextContent('Onların çıktısı'));
    // The loaded version is the new start: nothing to undo, and saving works again.
    expect(screen.getByRole('button', { name: 'Geri al' })).toBeDisabled();
    await openNode(user, 'out');
    await user.type(within(panel()).getByLabelText('Kod'), '_mine');
    await user.click(screen.getByRole('button', { name: 'Taslağı kaydet' }));
    expect(await screen.findByText('Taslak olarak kaydedildi, sürüm 2.')).toBeInTheDocument();
    expect(callsTo('save').map((c) => c.body.version)).toEqual([1, 2]);
  });

  it('publishes, or shows the problems the server names when it refuses', async () => {
    const broken = structuredClone(fixture('bmi_class'));
    (broken.nodes[1] as Extract<RuleNode, { type: 'expression' }>).assignments[0].expression = 'round(weight / 2';
    const { user } = await openCanvas(broken);
    await user.click(screen.getByRole('button', { name: 'Yayımla' }));
    expect(await screen.findByText(/^Kurallarda 1 sorun var\. İlki: Lütfen parantezleri kontrol edin/)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /Sorunlar/ })).toHaveAttribute('aria-selected', 'true');
    expect(newest(PACKAGE_ID).status).toBe('draft');

    // Fixed: saved first, then published.
    await openNode(user, 'calc');
    await user.type(within(panel()).getByLabelText('İfade'), ')');
    await user.click(screen.getByRole('button', { name: 'Yayımla' }));
    expect(await screen.findByText('1. sürüm yayımlandı.')).toBeInTheDocument();
    expect(screen.getByText('Sürüm 1 · Yayımlandı')).toBeInTheDocument();
    expect(callsTo('save')).toHaveLength(1);
    expect(callsTo('publish').map((c) => c.body)).toEqual([
      { package_id: PACKAGE_ID, version: 1 },
      { package_id: PACKAGE_ID, version: 1 },
    ]);
  });

  it('lists the packages (a generic screen); a row opens its algorithm, and "new" creates one first', async () => {
    seedPackage(fixture('bmi_class'), { name: { en: 'BMI class', tr: 'BKİ sınıfı' } });
    storeSession();
    const user = userEvent.setup();
    await startApp('/kural-motoru-paketleri');
    const menu = screen.getByRole('navigation', { name: 'Ana menü' });
    expect(within(menu).getByRole('link', { name: 'Kural Motoru Paketleri' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Kural Motoru Paketleri' });
    const link = within(table).getByRole('link', { name: 'BKİ sınıfı' });
    expect(link).toHaveAttribute('href', `/kural-motoru-algoritmasi?package_id=${PACKAGE_ID}`);
    await user.click(link);
    await waitFor(() => expect(nodeIds()).toEqual(['body', 'calc', 'classes', 'out']));
    expect(screen.getByRole('heading', { level: 2, name: 'BKİ sınıfı' })).toBeInTheDocument();

    window.history.back();
    await user.click(await screen.findByRole('link', { name: 'Yeni kayıt' }));
    await user.type(await screen.findByLabelText('Ad (Türkçe)'), 'Kreatinin uyarısı');
    await user.type(screen.getByLabelText('Ad (İngilizce)'), 'Creatinine alert');
    await user.click(screen.getByRole('button', { name: 'Paketi oluştur' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('package_id')).toMatch(/^00000000-/));
    expect(callsTo('new')[0].body).toEqual({ name: { tr: 'Kreatinin uyarısı', en: 'Creatinine alert' } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Kreatinin uyarısı' })).toBeInTheDocument();
    await waitFor(() => expect(nodeIds()).toEqual(['input']));
  });

  it('imports a JSON file as one undoable step (refusing what is not a decision graph) and exports the drawing', async () => {
    const { user } = await openCanvas();
    const input = screen.getByLabelText('JSON içe aktar', { selector: 'input' });
    const file = (name: string, text: string) => new File([text], name, { type: 'application/json' });

    await user.upload(input, file('x.json', '{ not json'));
    expect(await screen.findByText('Bu dosya JSON değil.')).toBeInTheDocument();
    await user.upload(input, file('x.json', JSON.stringify({ format: 'sema-decision-graph', format_version: 1, nodes: [{ id: 'a', type: 'robot' }], edges: [] })));
    expect(await screen.findByText(/^Bu bir karar grafiği belgesi değil/)).toBeInTheDocument();
    expect(nodeIds()).toEqual(['input']);

    // A fixture file carries its document under "document".
    const bmi = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'decision-packages', 'bmi_class.json'), 'utf8');
    await user.upload(input, file('bmi_class.json', bmi));
    expect(await screen.findByText('İçe aktarıldı. Geri al önceki algoritmayı geri getirir.')).toBeInTheDocument();
    await waitFor(() => expect(nodeIds()).toEqual(['body', 'calc', 'classes', 'out']));
    await user.click(screen.getByRole('button', { name: 'Geri al' }));
    await waitFor(() => expect(nodeIds()).toEqual(['input']));
    await user.click(screen.getByRole('button', { name: 'Yinele' }));
    await waitFor(() => expect(nodeIds()).toHaveLength(4));

    // Export: the document alone, named after the package.
    let exported: Blob | null = null;
    const createObjectURL = (b: Blob) => {
      exported = b;
      return 'blob:rules';
    };
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => undefined });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Daha fazla' }));
    await user.click(screen.getByRole('menuitem', { name: 'JSON dışa aktar' }));
    expect(names).toEqual(['renal-dose.json']);
    expect(JSON.parse(await exported!.text())).toEqual(fixture('bmi_class'));
    // "Import JSON" in the menu asks for the file.
    const picked = vi.spyOn(input as HTMLInputElement, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Daha fazla' }));
    await user.click(screen.getByRole('menuitem', { name: 'JSON içe aktar' }));
    expect(picked).toHaveBeenCalledTimes(1);
  });
});

describe('the canvas as the page: one toolbar row, a side panel that resizes and hides, a readable first view', () => {
  const toolbar = () => screen.getByRole('toolbar', { name: 'Algoritma araçları' });
  const more = () => within(toolbar()).getByRole('button', { name: 'Daha fazla' });
  const viewport = () => document.querySelector<HTMLElement>('.react-flow__viewport')!.style.transform;

  it('keeps the less-used commands in the toolbar\'s "More" menu, each working, by mouse and by keyboard', async () => {
    const { user } = await openCanvas(fixture('bmi_class'));
    await waitFor(() => expect(nodeIds()).toHaveLength(4));
    // The row itself: adding, undo and redo, fitting, saving and publishing, the panel; no copy or export button.
    expect(within(toolbar()).queryByRole('button', { name: 'Kopyala' })).toBeNull();
    expect(within(toolbar()).queryByRole('button', { name: 'JSON dışa aktar' })).toBeNull();
    for (const name of ['Giriş ekle', 'Anahtar ekle', 'Geri al', 'Yinele', 'Görünüme sığdır', 'Kaydedildi', 'Yayımla', 'Yan panel']) expect(within(toolbar()).getByRole('button', { name })).toBeInTheDocument();

    await user.click(more());
    const menu = screen.getByRole('menu', { name: 'Daha fazla' });
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['KopyalaCtrl+C', 'YapıştırCtrl+V', 'ÇoğaltCtrl+D', 'SilDelete', 'JSON içe aktar', 'JSON dışa aktar', 'Tüm çizimi göster']);
    // Nothing is selected: copy, duplicate and delete wait; the focus is on the first that works.
    expect(within(menu).getByRole('menuitem', { name: 'Kopyala' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Sil' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Yapıştır' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(more()).toHaveFocus();

    // A node selected: copy and paste make a second one, duplicate a third (each its own undo step).
    act(() => nodeEl('calc')!.focus());
    await user.keyboard(' ');
    await user.click(more());
    await user.click(screen.getByRole('menuitem', { name: 'Kopyala' }));
    await user.click(more());
    await user.click(screen.getByRole('menuitem', { name: 'Yapıştır' }));
    await waitFor(() => expect(nodeIds()).toHaveLength(5));
    const copy = nodeIds().find((id) => !['body', 'calc', 'classes', 'out'].includes(id))!;
    expect(copy).toMatch(/^expr_/);
    await user.click(more());
    await user.click(screen.getByRole('menuitem', { name: 'Çoğalt' }));
    await waitFor(() => expect(nodeIds()).toHaveLength(6));

    // Delete from the menu asks first, by keyboard this time: ArrowDown opens the menu, End goes to its last entry.
    act(() => nodeEl('classes')!.focus());
    await user.keyboard(' ');
    act(() => more().focus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Kopyala' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sil' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Silinsin mi?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() => expect(nodeIds()).not.toContain('classes'));
    await user.click(screen.getByRole('button', { name: 'Geri al' }));
    await waitFor(() => expect(nodeIds()).toContain('classes'));

    // "Show the whole drawing" zooms out until it all shows; "Fit to view" comes back to a readable size.
    const scale = () => Number(/scale\(([\d.]+)\)/.exec(viewport())![1]);
    expect(scale()).toBe(0.85);
    await user.click(more());
    await user.click(screen.getByRole('menuitem', { name: 'Tüm çizimi göster' }));
    await waitFor(() => expect(scale()).toBeLessThan(0.85));
    await user.click(screen.getByRole('button', { name: 'Görünüme sığdır' }));
    await waitFor(() => expect(viewport()).toMatch(/^translate\(24px,[\d.]+px\) scale\(0\.85\)$/));
  });

  it('opens the drawing at a size its words can be read at, from the input node, when it is too wide to fit', async () => {
    await openCanvas(fixture('bmi_class'));
    // jsdom's canvas is 800×600 and a node 180×80: the four nodes (960 wide) would fit only at 0.78, so the view
    // starts at 0.85 (a node's smallest text, 13 px, at 11 px) with the input node 24 px from the left edge,
    // centred from top to bottom.
    await waitFor(() => expect(viewport()).toBe('translate(24px,181px) scale(0.85)'));
  });

  it('hides and shows the side panel, resizes it from the keyboard, and keeps both for the next visit', async () => {
    const { user, view } = await openCanvas(fixture('bmi_class'));
    const toggle = within(toolbar()).getByRole('button', { name: 'Yan panel' });
    const aside = () => document.getElementById('rule-panel')!;
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', 'rule-panel');
    expect(aside()).toBeVisible();
    // The site's menu steps aside while the canvas is open.
    expect(screen.queryByRole('navigation', { name: 'Ana menü' })).toBeNull();

    // The handle between the drawing and the panel: a separator that says the panel's width and takes arrow keys.
    const handle = screen.getByRole('separator', { name: 'Yan panelin genişliği' });
    expect(handle).toHaveAttribute('aria-orientation', 'vertical');
    expect(handle).toHaveAttribute('aria-valuenow', '340');
    expect(handle).toHaveAttribute('aria-valuemin', '280');
    expect(handle).toHaveAttribute('aria-valuemax', '720');
    expect(handle).toHaveAttribute('aria-valuetext', '340 piksel');
    act(() => handle.focus());
    await user.keyboard('{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '356');
    await user.keyboard('{Shift>}{ArrowLeft}{/Shift}');
    expect(handle).toHaveAttribute('aria-valuenow', '420');
    expect(aside().style.width).toBe('420px');
    await user.keyboard('{ArrowRight}');
    expect(handle).toHaveAttribute('aria-valuenow', '404');
    await user.keyboard('{End}');
    expect(handle).toHaveAttribute('aria-valuenow', '720');
    await user.keyboard('{Home}');
    expect(handle).toHaveAttribute('aria-valuenow', '280');
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(handle).toHaveAttribute('aria-valuenow', '360');
    expect(JSON.parse(window.localStorage.getItem('rule_canvas_panel')!)).toEqual({ open: true, width: 360 });

    // Enter on the handle hides the panel; the focus goes to the toolbar's button, which shows it again.
    await user.keyboard('{Enter}');
    expect(aside()).not.toBeVisible();
    expect(screen.queryByRole('tabpanel')).toBeNull();
    expect(screen.queryByRole('separator')).toBeNull();
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('title', 'Yan paneli göster');
    await user.keyboard('{Enter}');
    expect(aside()).toBeVisible();
    expect(toggle).toHaveAttribute('title', 'Yan paneli gizle');
    // The panel's own close button hides it too, and opening a node's editor shows it with the focus inside.
    await user.click(within(aside()).getByRole('button', { name: 'Yan paneli gizle' }));
    expect(aside()).not.toBeVisible();
    expect(toggle).toHaveFocus();
    await openNode(user, 'calc');
    expect(aside()).toBeVisible();
    expect(within(within(panel()).getByRole('group', { name: 'Düğümün adı' })).getByLabelText('Türkçe')).toHaveFocus();
    await user.click(toggle);
    expect(JSON.parse(window.localStorage.getItem('rule_canvas_panel')!)).toEqual({ open: false, width: 360 });

    // The next visit opens with the panel hidden and as wide as it was left; leaving, the site's menu comes back.
    view.unmount();
    disposeRouters();
    await startCanvas();
    expect(document.getElementById('rule-panel')).not.toBeVisible();
    await user.click(within(toolbar()).getByRole('button', { name: 'Yan panel' }));
    expect(document.getElementById('rule-panel')!.style.width).toBe('360px');
    expect(screen.getByRole('separator')).toHaveAttribute('aria-valuenow', '360');
  });

  it('gives a phone one row of drawn buttons and the side panel as a sheet that opens on request and closes', async () => {
    setBodyWidth(390);
    const { user } = await openCanvas(fixture('bmi_class'));
    await waitFor(() => expect(nodeIds()).toHaveLength(4));
    const aside = () => document.getElementById('rule-panel')!;
    // The drawing first: the sheet is closed, and the site's menu was never in the way.
    expect(aside()).not.toBeVisible();
    expect(aside()).toHaveClass('rule-panel--sheet');
    expect(screen.queryByRole('separator')).toBeNull();
    // Adding is one menu on a narrow row (the row's own width decides which shows: both are there in jsdom).
    await user.click(within(toolbar()).getByRole('button', { name: 'Düğüm ekle' }));
    expect(within(screen.getByRole('menu', { name: 'Düğüm ekle' })).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Giriş ekle', 'Anahtar ekle', 'Karar tablosu ekle', 'İfade ekle', 'Çıktı ekle']);
    await user.keyboard('{Escape}');

    // A node's editor opens the sheet; Escape closes it and gives the focus to the panel's button.
    await openNode(user, 'out');
    expect(aside()).toBeVisible();
    expect(within(panel()).getByRole('heading', { level: 2 })).toHaveTextContent('Çıktı (out)');
    await user.keyboard('{Escape}');
    expect(aside()).not.toBeVisible();
    const toggle = within(toolbar()).getByRole('button', { name: 'Yan panel' });
    expect(toggle).toHaveFocus();
    // The panel's button opens it at the same tab; its close button closes it.
    await user.click(toggle);
    expect(aside()).toBeVisible();
    await user.click(within(aside()).getByRole('button', { name: 'Yan paneli gizle' }));
    expect(aside()).not.toBeVisible();
    // The sheet is not kept: the wide screen's choice stays as it was.
    expect(window.localStorage.getItem('rule_canvas_panel')).toBeNull();
  });
});

describe('the Package tab and the server run', () => {
  /** The Package tab's panel. */
  async function openPackageTab(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('tab', { name: 'Paket' }));
    return within(panel());
  }
  const withText = (doc: DecisionGraph, tr: string, en: string) => {
    const copy = structuredClone(doc);
    (copy.nodes.find((n) => n.id === 'out') as Extract<RuleNode, { type: 'output' }>).text = { tr, en };
    return copy;
  };

  it('edits the name and description, saved with the draft, and keeps them through a save conflict', async () => {
    const { user } = await openCanvas(fixture('bmi_class'));
    const p = await openPackageTab(user);
    expect(p.getByRole('heading', { level: 2, name: 'Paket' })).toBeInTheDocument();
    expect(p.getByText('ayse.yilmaz')).toBeInTheDocument();
    expect(p.getByText(/^Hayır: sahibi ve paylaşıldığı/)).toBeInTheDocument();
    expect(p.getByText('Sürüm 1 · Taslak')).toBeInTheDocument();
    expect(p.getByText('Henüz yok')).toBeInTheDocument();

    const name = p.getByRole('group', { name: 'Paketin adı' });
    expect(within(name).getByLabelText('Türkçe')).toHaveValue('Böbrek dozu');
    await user.clear(within(name).getByLabelText('Türkçe'));
    await user.type(within(name).getByLabelText('Türkçe'), 'Böbrek dozu ayarı');
    await user.clear(within(name).getByLabelText('İngilizce'));
    await user.type(within(name).getByLabelText('İngilizce'), 'Renal dosing');
    await user.type(within(p.getByRole('group', { name: 'Açıklama' })).getByLabelText('İngilizce'), 'Doses by creatinine clearance');
    // Typed details are unsaved changes: the toolbar's Save sends them with the document.
    expect(screen.getByText(/kaydedilmemiş değişiklikler var/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Taslağı kaydet' }));
    expect(await screen.findByText('Taslak olarak kaydedildi, sürüm 1.')).toBeInTheDocument();
    expect(callsTo('save')[0].body).toMatchObject({ version: 1, name: { tr: 'Böbrek dozu ayarı', en: 'Renal dosing' }, description: { en: 'Doses by creatinine clearance' } });
    expect(callsTo('save')[0].body.document).toEqual(fixture('bmi_class'));
    expect(screen.getByRole('heading', { level: 2, name: 'Böbrek dozu ayarı' })).toBeInTheDocument();
    expect(screen.queryByText(/kaydedilmemiş değişiklikler var/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Kaydedildi' })).toBeDisabled();

    // A name in neither language is not sent.
    await user.clear(within(name).getByLabelText('Türkçe'));
    await user.clear(within(name).getByLabelText('İngilizce'));
    expect(p.getByRole('alert')).toHaveTextContent('Paketin adını en az bir dilde yazın.');
    expect(within(name).getByLabelText('Türkçe')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Taslağı kaydet' }));
    expect(callsTo('save')).toHaveLength(1);
    await user.type(within(name).getByLabelText('İngilizce'), 'Renal dose v2');

    // Someone saved meanwhile: the conflict as before; the typed name survives "load the latest".
    saveElsewhere(PACKAGE_ID, fixture('bmi_class'));
    await user.click(screen.getByRole('button', { name: 'Taslağı kaydet' }));
    const box = (await screen.findByText('Kaydedilmedi.')).closest('[role="alert"]') as HTMLElement;
    expect(box).toHaveTextContent('Yazdığınız ad ve açıklama korunur; bir sonraki kayıtla kaydedilir.');
    await user.click(within(box).getByRole('button', { name: 'En son sürümü yükle' }));
    expect(await screen.findByText('2. sürüm yüklendi.')).toBeInTheDocument();
    expect(within(within(panel()).getByRole('group', { name: 'Paketin adı' })).getByLabelText('İngilizce')).toHaveValue('Renal dose v2');
    await user.click(screen.getByRole('button', { name: 'Taslağı kaydet' }));
    expect(await screen.findByText('Taslak olarak kaydedildi, sürüm 2.')).toBeInTheDocument();
    expect(callsTo('save').at(-1)!.body).toMatchObject({ version: 2, name: { en: 'Renal dose v2' } });
    expect(newest(PACKAGE_ID).name).toEqual({ en: 'Renal dose v2' });
  });

  it('shows the details read-only, without sharing, to a reader who may not edit', async () => {
    const { user } = await openCanvas(fixture('bmi_class'), PAGE_TR, { access: { can_edit: false, can_share: false } });
    const p = await openPackageTab(user);
    expect(p.queryByRole('textbox')).toBeNull();
    expect(p.getByText('Paketin adı').nextElementSibling).toHaveTextContent('Böbrek dozu');
    expect(p.getByText('Açıklama yok.')).toBeInTheDocument();
    expect(p.queryByRole('heading', { name: 'Paylaşım' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Taslağı kaydet|Kaydedildi/ })).toBeNull();
  });

  it('opens an older version read-only, with a notice and a way back to the draft and its unsaved changes', async () => {
    const published = fixture('bmi_class');
    seedPackage(published, { status: 'published' });
    // Version 2 is a draft with another output text, made after version 1 was published.
    saveElsewhere(PACKAGE_ID, withText(published, 'Taslak metni {bmi}', 'Draft text {bmi}'));
    const { user } = await startCanvas();
    await waitFor(() => expect(nodeEl('out')).toHaveTextContent('Taslak metni {bmi}'));
    // An unsaved edit of the draft, to be found again after looking at version 1.
    await openNode(user, 'out');
    await user.type(within(panel()).getByLabelText('Kod'), '_v2');

    const p = await openPackageTab(user);
    const list = within(p.getByRole('heading', { name: 'Sürümler' }).parentElement!).getAllByRole('listitem');
    expect(list.map((li) => li.querySelector('strong')!.textContent)).toEqual(['Sürüm 2', 'Sürüm 1']);
    expect(list[0]).toHaveTextContent('Taslak');
    expect(list[0]).toHaveTextContent('kaydeden: ayse.yilmaz');
    expect(list[0]).toHaveTextContent('Düzenleyicide.');
    expect(list[0]).toHaveAttribute('aria-current', 'true');
    expect(list[1]).toHaveTextContent('Yayımlandı');
    expect(list[1]).toHaveTextContent(/yayımlanma: /);

    await user.click(within(list[1]).getByRole('button', { name: '1. sürümü aç (salt okunur)' }));
    const notice = await screen.findByText('1. sürüm gösteriliyor (Yayımlandı) — salt okunur.');
    const box = notice.closest('[role="status"]') as HTMLElement;
    expect(box).toHaveTextContent('Taslağınız 2. sürüm; kaydedilmemiş değişiklikleri korunuyor.');
    expect(callsTo('get').at(-1)!.body).toEqual({ package_id: PACKAGE_ID, version: 1 });
    // The way back: in the notice (it takes the focus) and on the draft's row of the list.
    const back = within(box).getByRole('button', { name: '2. sürüme dön' });
    expect(within(panel()).getByRole('button', { name: '2. sürüme dön' })).toHaveTextContent('Dön');
    expect(back).toHaveFocus();
    await waitFor(() => expect(nodeEl('out')).toHaveTextContent('BKİ {bmi}: {bmi_class}'));
    // Nothing can be edited: no adding, saving or publishing, the editor's boxes are read-only, undo does nothing.
    expect(screen.queryByRole('button', { name: 'Anahtar ekle' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Taslağı kaydet|Kaydedildi/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Yayımla' })).toBeNull();
    expect(within(panel()).getAllByRole('listitem')[1]).toHaveTextContent('Şu an gösteriliyor, salt okunur.');
    expect(within(panel()).queryByRole('group', { name: 'Paketin adı' })).toBeNull();
    expect(within(panel()).getByText('Paketin adı').nextElementSibling).toHaveTextContent('Böbrek dozu');
    await openNode(user, 'out');
    expect(within(panel()).getByLabelText('Kod')).toHaveValue('bmi_class');
    expect(within(panel()).getByLabelText('Kod')).toHaveAttribute('readonly');
    await user.keyboard('{Control>}z{/Control}');
    expect(within(panel()).getByLabelText('Kod')).toHaveValue('bmi_class');

    // Back to the draft: its unsaved edit is still there, and undo still undoes it.
    await user.click(back);
    await waitFor(() => expect(screen.queryByText(/gösteriliyor \(Yayımlandı\)/)).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Böbrek dozu' })).toHaveFocus();
    await waitFor(() => expect(nodeEl('out')).toHaveTextContent('Taslak metni {bmi}'));
    expect(screen.getByText(/kaydedilmemiş değişiklikler var/)).toBeInTheDocument();
    await openNode(user, 'out');
    expect(within(panel()).getByLabelText('Kod')).toHaveValue('bmi_class_v2');
    await user.click(screen.getByRole('button', { name: 'Geri al' }));
    expect(within(panel()).getByLabelText('Kod')).toHaveValue('bmi_class');
    expect(callsTo('save')).toHaveLength(0);
  });

  it('shares with users: add with or without editing, switch editing, remove after asking, and the server refusals', async () => {
    const { user } = await openCanvas(inputOnly(), PAGE_TR, { shares: [{ username: 'mehmet.kaya', can_edit: false }] });
    const p = await openPackageTab(user);
    const section = () => within(p.getByRole('heading', { name: 'Paylaşım' }).parentElement!);
    const switchOf = (name: string) => section().getByRole('switch', { name: `${name} düzenleyebilir` });
    expect(switchOf('mehmet.kaya')).not.toBeChecked();

    await user.click(switchOf('mehmet.kaya'));
    expect(await section().findByText('mehmet.kaya artık paketi düzenleyebilir.')).toBeInTheDocument();
    expect(switchOf('mehmet.kaya')).toBeChecked();
    expect(callsTo('share')[0].body).toEqual({ package_id: PACKAGE_ID, username: 'mehmet.kaya', can_edit: true });

    await user.type(section().getByLabelText('Kullanıcı adı'), 'zeynep.demir');
    await user.click(section().getByRole('button', { name: 'Paylaş' }));
    expect(await section().findByText('zeynep.demir ile paylaşıldı.')).toBeInTheDocument();
    expect(switchOf('zeynep.demir')).not.toBeChecked();
    expect(section().getByLabelText('Kullanıcı adı')).toHaveValue('');
    await user.type(section().getByLabelText('Kullanıcı adı'), 'can.ozturk');
    await user.click(section().getByLabelText('Düzenleyebilir (kaydetme ve yayımlama)'));
    await user.click(section().getByRole('button', { name: 'Paylaş' }));
    // Refusals in the user's language: an unknown user (10016), the owner (14044); the typed name stays.
    expect(await section().findByRole('alert')).toHaveTextContent('Bu sitede bu numarayla bir kullanıcı yok.');
    expect(callsTo('share').at(-1)!.body).toEqual({ package_id: PACKAGE_ID, username: 'can.ozturk', can_edit: true });
    expect(section().getByLabelText('Kullanıcı adı')).toHaveValue('can.ozturk');
    await user.clear(section().getByLabelText('Kullanıcı adı'));
    await user.type(section().getByLabelText('Kullanıcı adı'), 'ayse.yilmaz{Enter}');
    await waitFor(() => expect(section().getByRole('alert')).toHaveTextContent('Sahip bu pakete zaten erişir; başka bir kullanıcı seçin.'));

    // Removing asks first; "no" keeps the share.
    await user.click(section().getByRole('button', { name: 'mehmet.kaya kullanıcısını kaldır' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Paylaşım kaldırılsın mı?' });
    expect(dialog).toHaveTextContent('mehmet.kaya bu paketi artık göremez ve çalıştıramaz.');
    await user.click(within(dialog).getByRole('button', { name: 'Hayır' }));
    expect(callsTo('unshare')).toHaveLength(0);
    await user.click(section().getByRole('button', { name: 'mehmet.kaya kullanıcısını kaldır' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Kaldır' }));
    expect(await section().findByText('Artık mehmet.kaya ile paylaşılmıyor.')).toBeInTheDocument();
    expect(callsTo('unshare')[0].body).toEqual({ package_id: PACKAGE_ID, username: 'mehmet.kaya' });
    expect(section().queryByRole('switch', { name: 'mehmet.kaya düzenleyebilir' })).toBeNull();
    expect(section().getAllByRole('switch')).toHaveLength(1);
    await waitFor(() => expect(p.getByRole('heading', { name: 'Paylaşım' })).toHaveFocus());
  });

  it("runs the published version on the server from the test panel and shows the server's decisions", async () => {
    const published = fixture('bmi_class');
    seedPackage(published);
    publishNewest(PACKAGE_ID);
    saveElsewhere(PACKAGE_ID, withText(published, 'Taslak: BKİ {bmi}', 'Draft: BMI {bmi}'));
    const { user } = await startCanvas();
    await user.click(screen.getByRole('tab', { name: 'Test' }));
    const p = within(panel());
    await user.type(p.getByLabelText('Kilo (kg)'), '70');
    await user.type(p.getByLabelText('Boy (cm)'), '175,0');
    await user.type(p.getByLabelText(/^Bugün/), '2026-02-01');

    // The draft runs in the browser; the published version 1 on the server, with its own text.
    await user.click(p.getByRole('button', { name: 'Çalıştır' }));
    expect(within(await p.findByRole('region', { name: 'Kararlar' })).getByText('Taslak: BKİ 22.9')).toBeInTheDocument();
    await user.click(p.getByRole('button', { name: 'Yayımlanmış sürümü çalıştır (1)' }));
    const server = await p.findByRole('region', { name: 'Sunucunun kararları (sürüm 1)' });
    expect(within(server).getByText('BKİ 22.9: normal')).toBeInTheDocument();
    expect(within(server).getByText('Karar · Bilgi')).toBeInTheDocument();
    expect(within(server).getByText(/^Hesaplanan değerler: bmi = 22.9; bmi_class = "normal"/)).toBeInTheDocument();
    expect(p.queryByRole('region', { name: 'Kararlar' })).toBeNull();
    expect(callsTo('run')[0].body).toEqual({ package_id: PACKAGE_ID, version: 1, record: { weight: 70, height_cm: 175 }, today: '2026-02-01' });
  });

  it('offers no server run before a version is published, and shows the refusal of a run', async () => {
    const { user } = await openCanvas(fixture('bmi_class'));
    await user.click(screen.getByRole('tab', { name: 'Test' }));
    expect(within(panel()).queryByRole('button', { name: /Yayımlanmış sürümü çalıştır/ })).toBeNull();
    // Published here: the button comes; a version the server no longer runs answers its message.
    await user.click(screen.getByRole('button', { name: 'Yayımla' }));
    await screen.findByText('1. sürüm yayımlandı.');
    const run = await within(panel()).findByRole('button', { name: 'Yayımlanmış sürümü çalıştır (1)' });
    newest(PACKAGE_ID).status = 'draft';
    await user.click(run);
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Bu paketin çalıştırılacak yayımlanmış bir sürümü yok. Önce yayımlayın.');
  });
});
