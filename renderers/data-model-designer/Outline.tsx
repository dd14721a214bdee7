// The model's outline: the model, its groups and their parameters (sub-parameters indented under theirs), each
// a button that selects it for the properties panel. Reordering by dragging a row onto another (it takes that
// place; onto a group's heading: the group's end), or from the keyboard with Alt+↑/↓ (a parameter at the top or
// bottom of its group moves into the group before or after). Enter opens the properties with the focus in them.
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dataModelParameterType } from '../../src/generated/enums/dataModelParameterType';
import type { DataModel, DataModelParameter } from '../../src/generated/types/entities';
import type { Command, ListRef } from '../../src/domain/data-model/commands';
import { findParameter, nameOf } from '../../src/domain/data-model/document';
import type { Lang } from '../../src/domain/language';
import { useDesigner, useDesignerApi, type Selection } from './store';
import { enumLabel } from './words';

const DRAG_TYPE = 'application/x-sema-parameter';
const DRAG_GROUP = 'application/x-sema-group';

/** The move one step up or down, or null at the very top or bottom. */
function stepCommand(doc: DataModel, s: Selection, delta: -1 | 1): Command | null {
  if (s.kind === 'group') {
    const from = doc.group_list.findIndex((g) => g.code === s.code);
    const to = from + delta;
    return from < 0 || to < 0 || to >= doc.group_list.length ? null : { type: 'group.move', from, to };
  }
  if (s.kind !== 'parameter') return null;
  const placed = findParameter(doc, s.code);
  if (!placed) return null;
  const listLength = placed.parent ? (findParameter(doc, placed.parent)?.parameter.parameter_list?.length ?? 0) : (doc.group_list.find((g) => g.code === placed.group)?.parameter_list.length ?? 0);
  const to = placed.index + delta;
  if (to >= 0 && to < listLength) return { type: 'parameter.move', parameter: s.code, to: placed.parent ? { parent: placed.parent } : { group: placed.group }, index: to };
  if (placed.parent) return null;
  // A top-level parameter leaves its group for the neighbouring one.
  const g = doc.group_list.findIndex((x) => x.code === placed.group) + delta;
  const next = doc.group_list[g];
  return next ? { type: 'parameter.move', parameter: s.code, to: { group: next.code }, index: delta < 0 ? next.parameter_list.length : 0 } : null;
}

export function Outline({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const api = useDesignerApi();
  const doc = useDesigner((s) => s.doc);
  const readOnly = useDesigner((s) => s.readOnly);
  const [dropAt, setDropAt] = useState<string | null>(null);

  const onKey = (e: KeyboardEvent, s: Selection) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      api.getState().openProperties(s);
      return;
    }
    if (!e.altKey || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') || readOnly) return;
    e.preventDefault();
    const command = stepCommand(api.getState().doc, s, e.key === 'ArrowUp' ? -1 : 1);
    if (command) api.getState().run(command);
    // The moved row is drawn anew: the focus follows it.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-outline="${s.kind}:${s.kind === 'model' ? '' : s.code}"]`)?.focus());
  };

  const dragProps = (s: Selection) =>
    readOnly || s.kind === 'model'
      ? {}
      : {
          draggable: true,
          onDragStart: (e: DragEvent) => {
            e.dataTransfer.setData(s.kind === 'group' ? DRAG_GROUP : DRAG_TYPE, s.code);
            e.dataTransfer.effectAllowed = 'move';
          },
          onDragEnd: () => setDropAt(null),
        };

  /** Dropping on a row: a parameter takes the row's place in the row's list; a group takes a group's place. */
  const dropProps = (key: string, target: { list?: ListRef; index?: number; group?: number }) =>
    readOnly
      ? {}
      : {
          onDragOver: (e: DragEvent) => {
            const types = e.dataTransfer.types;
            if ((types.includes(DRAG_TYPE) && target.list) || (types.includes(DRAG_GROUP) && target.group !== undefined)) {
              e.preventDefault();
              setDropAt(key);
            }
          },
          onDragLeave: () => setDropAt((k) => (k === key ? null : k)),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            setDropAt(null);
            const s = api.getState();
            const parameter = e.dataTransfer.getData(DRAG_TYPE);
            const group = e.dataTransfer.getData(DRAG_GROUP);
            if (parameter && target.list) {
              // The row takes the place of the row it was dropped on (arrayMove's order); on a heading, the end.
              try {
                s.run({ type: 'parameter.move', parameter, to: target.list, index: target.index ?? Number.MAX_SAFE_INTEGER });
              } catch {
                // A parameter dropped into its own sub-parameters: nothing moves.
              }
            } else if (group && target.group !== undefined) {
              const from = s.doc.group_list.findIndex((g) => g.code === group);
              if (from >= 0) s.run({ type: 'group.move', from, to: target.group });
            }
          },
        };

  const selected = useDesigner((s) => s.selection);
  const isSelected = (s: Selection) => s.kind === selected.kind && (s.kind === 'model' || (selected.kind !== 'model' && selected.code === s.code));
  const rowClass = (s: Selection, key: string) => `outline__row${isSelected(s) ? ' outline__row--selected' : ''}${dropAt === key ? ' outline__row--drop' : ''}`;

  const parameterRows = (list: readonly DataModelParameter[], ref: ListRef, depth: number) => (
    <ol className="outline__list" aria-label={t('designer.outline.parameters')}>
      {list.map((p, index) => {
        const s: Selection = { kind: 'parameter', code: p.code };
        const key = `p:${p.code}`;
        return (
          <li key={p.code} className="outline__item">
            <div className={rowClass(s, key)} style={{ paddingInlineStart: `${0.5 + depth * 1.1}rem` }} {...dropProps(key, { list: ref, index })}>
              <button
                type="button"
                className="outline__select"
                data-outline={`parameter:${p.code}`}
                aria-current={isSelected(s) || undefined}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Enter"
                onClick={() => api.getState().select(s)}
                onKeyDown={(e) => onKey(e, s)}
                {...dragProps(s)}
              >
                <span className="outline__name">
                  {nameOf(p.label, lang, p.code)}
                  {p.required && (
                    <span className="outline__required" title={t('designer.outline.required')}>
                      {' '}
                      *
                    </span>
                  )}
                </span>
                <span className="outline__meta">
                  <code>{p.code}</code> · {enumLabel(dataModelParameterType, p.type, lang)}
                  {p.rule && <span className="outline__badge">{t('designer.outline.conditional')}</span>}
                </span>
              </button>
            </div>
            {p.parameter_list && p.parameter_list.length > 0 && parameterRows(p.parameter_list, { parent: p.code }, depth + 1)}
          </li>
        );
      })}
    </ol>
  );

  return (
    <nav className="outline" aria-label={t('designer.outline.title')}>
      <div className={rowClass({ kind: 'model' }, 'model')}>
        <button
          type="button"
          className="outline__select outline__select--model"
          data-outline="model:"
          aria-current={isSelected({ kind: 'model' }) || undefined}
          onClick={() => api.getState().select({ kind: 'model' })}
          onKeyDown={(e) => onKey(e, { kind: 'model' })}
        >
          <span className="outline__name">{nameOf(doc.title, lang, t('designer.model'))}</span>
          <span className="outline__meta">{t('designer.outline.modelDetails')}</span>
        </button>
      </div>
      {doc.group_list.length === 0 ? (
        <p className="outline__empty">{t('designer.outline.empty')}</p>
      ) : (
        <ol className="outline__groups" aria-label={t('designer.outline.groups')}>
          {doc.group_list.map((g, gi) => {
            const s: Selection = { kind: 'group', code: g.code };
            const key = `g:${g.code}`;
            return (
              <li key={g.code} className="outline__group">
                <div className={`${rowClass(s, key)} outline__row--group`} {...dropProps(key, { list: { group: g.code }, group: gi })}>
                  <button
                    type="button"
                    className="outline__select"
                    data-outline={`group:${g.code}`}
                    aria-current={isSelected(s) || undefined}
                    aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Enter"
                    onClick={() => api.getState().select(s)}
                    onKeyDown={(e) => onKey(e, s)}
                    {...dragProps(s)}
                  >
                    <span className="outline__name">{nameOf(g.label, lang, g.code)}</span>
                    <span className="outline__meta">
                      <code>{g.code}</code> · {t('designer.outline.count', { count: g.parameter_list.length })}
                    </span>
                  </button>
                </div>
                {g.parameter_list.length > 0 && parameterRows(g.parameter_list, { group: g.code }, 1)}
              </li>
            );
          })}
        </ol>
      )}
      {!readOnly && <p className="outline__hint">{t('designer.outline.hint')}</p>}
    </nav>
  );
}
