// A decision table as an editable grid: input columns (the value each tests), output columns (the variable
// each sets, with its type), one row per rule with a test per input cell and a value per output cell. Cells
// with a problem are marked, and the problems are listed under the grid with their row and column.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleIssue, TableNode, ValueType } from '../../../src/domain/rules';
import { nextPartId } from '../model/ids';
import { keyed } from '../model/keys';
import { VALUE_TYPES } from '../model/vocabulary';
import { useCanvas } from '../store';
import { IssueList, ItemButtons, useNodeIssues, useNodeSetter, useRun, useSeal } from './fields';

export function TableGrid({ node }: { node: TableNode }) {
  const { t } = useTranslation();
  const set = useNodeSetter(node.id);
  const seal = useSeal();
  const run = useRun();
  const issues = useNodeIssues(node.id);
  const readOnly = useCanvas((s) => s.readOnly);
  const id = useId().replace(/:/g, '');

  const inLabel = (i: number) => t('rules.table.inputColumn', { n: i + 1 });
  const outLabel = (i: number) => t('rules.table.outputColumn', { n: i + 1 });
  const cellProps = (field: string, value: string, label: string) => {
    const own = issues.get(field) ?? [];
    const bad = own.some((i) => i.severity === 'error');
    return {
      type: 'text',
      className: `rule-grid__input${bad ? ' rule-grid__input--error' : ''}`,
      value,
      readOnly,
      spellCheck: false,
      autoComplete: 'off',
      'aria-label': label,
      'aria-invalid': bad || undefined,
      onChange: (e: { target: { value: string } }) => set(field, e.target.value),
      onBlur: seal,
    };
  };

  const addRow = () => {
    const cells = Object.fromEntries(node.inputs.map((c) => [c.id, '']));
    const results = Object.fromEntries(node.outputs.map((c) => [c.id, '']));
    run({ type: 'item.add', node: node.id, part: 'rows', item: { id: nextPartId('r', node.rows), cells, results } });
  };

  // Every problem of the grid, with where it is.
  const located: { where: string; issues: RuleIssue[]; text?: string }[] = [];
  const colIndex = (list: { id: string }[], colId: string) => list.findIndex((c) => c.id === colId);
  for (const [field, list] of issues) {
    const cell = /^rows\.([^.]+)\.(cells|results)\.(.+)$/.exec(field);
    const input = cell ? null : /^inputs\.([^.]+)\.expression$/.exec(field);
    const output = cell || input ? null : /^outputs\.([^.]+)\.variable$/.exec(field);
    if (cell) {
      const [, rowId, part, colId] = cell;
      const r = node.rows.findIndex((row) => row.id === rowId);
      const row = node.rows[r];
      const isCell = part === 'cells';
      const c = colIndex(isCell ? node.inputs : node.outputs, colId);
      const column = c >= 0 ? (isCell ? inLabel(c) : outLabel(c)) : colId;
      located.push({ where: t('rules.table.at', { row: r + 1, column }), issues: list, text: row ? (isCell ? row.cells[colId] : row.results[colId]) : undefined });
    } else if (input) {
      const c = colIndex(node.inputs, input[1]);
      located.push({ where: inLabel(c), issues: list, text: node.inputs[c]?.expression });
    } else if (output) {
      located.push({ where: outLabel(colIndex(node.outputs, output[1])), issues: list });
    }
  }

  return (
    <section className="rule-editor__section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('rules.table.grid')}</h3>
      <p className="field__hint">{t('rules.table.hint')}</p>
      {/* A region of its own (it scrolls sideways); its cells take the focus, so the keys reach all of it. */}
      <section className="rule-grid-wrap" aria-labelledby={`${id}-title`}>
        <table className="rule-grid">
          <thead>
            <tr>
              <th scope="col">{t('rules.table.row')}</th>
              {node.inputs.map((col, i) => (
                <th key={col.id} scope="col" className="rule-grid__in">
                  <span className="rule-grid__kind">{inLabel(i)}</span>
                  <input {...cellProps(`inputs.${col.id}.expression`, col.expression, t('rules.table.inputExpression', { n: i + 1 }))} />
                  {!readOnly && (
                    <button type="button" className="rule-link" aria-label={t('rules.editor.removeItem', { name: inLabel(i) })} onClick={() => run({ type: 'item.remove', node: node.id, part: 'inputs', index: i })}>
                      ✕
                    </button>
                  )}
                </th>
              ))}
              {node.outputs.map((col, i) => (
                <th key={col.id} scope="col" className="rule-grid__out">
                  <span className="rule-grid__kind">{outLabel(i)}</span>
                  <input {...cellProps(`outputs.${col.id}.variable`, col.variable, t('rules.table.outputVariable', { n: i + 1 }))} />
                  <select
                    className="rule-grid__input"
                    aria-label={t('rules.table.outputType', { n: i + 1 })}
                    value={col.type}
                    disabled={readOnly}
                    onChange={(e) => run({ type: 'node.set', node: node.id, path: `outputs.${col.id}.type`, value: e.target.value as ValueType })}
                  >
                    {VALUE_TYPES.map((v) => (
                      <option key={v} value={v}>
                        {t(`rules.type.${v}`)}
                      </option>
                    ))}
                  </select>
                  {!readOnly && (
                    <button type="button" className="rule-link" aria-label={t('rules.editor.removeItem', { name: outLabel(i) })} onClick={() => run({ type: 'item.remove', node: node.id, part: 'outputs', index: i })}>
                      ✕
                    </button>
                  )}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('rules.table.rowActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {node.rows.map((row, r) => (
              <tr key={row.id}>
                <th scope="row">{r + 1}</th>
                {node.inputs.map((col, c) => (
                  <td key={col.id}>
                    <input {...cellProps(`rows.${row.id}.cells.${col.id}`, row.cells[col.id] ?? '', t('rules.table.cell', { row: r + 1, column: inLabel(c) }))} />
                  </td>
                ))}
                {node.outputs.map((col, c) => (
                  <td key={col.id}>
                    <input {...cellProps(`rows.${row.id}.results.${col.id}`, row.results[col.id] ?? '', t('rules.table.cell', { row: r + 1, column: outLabel(c) }))} />
                  </td>
                ))}
                <td>
                  <ItemButtons
                    index={r}
                    count={node.rows.length}
                    label={t('rules.table.rowN', { n: r + 1 })}
                    readOnly={readOnly}
                    onMove={(to) => run({ type: 'item.move', node: node.id, part: 'rows', from: r, to })}
                    onRemove={() => run({ type: 'item.remove', node: node.id, part: 'rows', index: r })}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {!readOnly && (
        <div className="rule-editor__buttons">
          <button type="button" className="button button--secondary button--small" onClick={addRow}>
            {t('rules.table.addRow')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => run({ type: 'item.add', node: node.id, part: 'inputs', item: { id: nextPartId('c', node.inputs), expression: '' } })}>
            {t('rules.table.addInput')}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => run({ type: 'item.add', node: node.id, part: 'outputs', item: { id: nextPartId('o', node.outputs), variable: `result_${node.outputs.length + 1}`, type: 'string' } })}>
            {t('rules.table.addOutput')}
          </button>
        </div>
      )}
      {located.length > 0 && (
        <div className="rule-grid__problems" aria-live="polite">
          {keyed(located, (l) => l.where).map(({ item: l, key }, k) => (
            <div key={key}>
              <p className="rule-grid__where">{l.where}</p>
              <IssueList id={`${id}-p${k}`} issues={l.issues} text={l.text} />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
