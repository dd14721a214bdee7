// A row's actions: the moves among its siblings as two small buttons, one action as a button, more of them
// behind one compact menu.
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { labelOf, type ScreenAction } from '../../../src/domain/screen';
import type { Lang } from '../../../src/domain/language';
import { MenuButton } from '../../../src/app/ui';
import type { ListController, Row } from './useListScreen';

export interface RowActionsProps {
  row: Row;
  /** The row's name in labels ("Delete: News"). */
  name: string;
  busy: boolean;
  lang: Lang;
  /** Whether the row can move up or down among its siblings; null: the list does not reorder. */
  moves: { up: boolean; down: boolean } | null;
  onMove: ListController['move'];
  actionsFor: ListController['actionsFor'];
  onRun: (action: ScreenAction, rows: Row[]) => void;
}

export function RowActions({ row, name, busy, lang, moves, onMove, actionsFor, onRun }: RowActionsProps) {
  const { t } = useTranslation();
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  // The row moves in the table: the keyboard focus stays on its button (the other one when it reached an end).
  const move = async (step: -1 | 1) => {
    await onMove(row, step);
    requestAnimationFrame(() => {
      const [own, other] = step < 0 ? [upRef.current, downRef.current] : [downRef.current, upRef.current];
      (own && !own.disabled ? own : other)?.focus();
    });
  };
  const actions = actionsFor(row);
  return (
    <span className="row-actions">
      {moves && (
        <>
          <button ref={upRef} type="button" className="button button--secondary button--small screen__action" aria-label={t('screen.moveUpRow', { name })} disabled={busy || !moves.up} onClick={() => void move(-1)}>
            <span aria-hidden="true">↑</span>
          </button>
          <button ref={downRef} type="button" className="button button--secondary button--small screen__action" aria-label={t('screen.moveDownRow', { name })} disabled={busy || !moves.down} onClick={() => void move(1)}>
            <span aria-hidden="true">↓</span>
          </button>
        </>
      )}
      {actions.length === 1 ? (
        <SingleAction {...actions[0]} name={name} lang={lang} busy={busy} onRun={() => onRun(actions[0].action, [row])} />
      ) : actions.length > 1 ? (
        <MenuButton
          label={t('screen.rowActions', { name })}
          items={actions.map(({ action, href }) =>
            href
              ? { key: action.id, label: labelOf(action.label, lang), href }
              : { key: action.id, label: labelOf(action.label, lang), danger: action.danger, disabled: busy, onSelect: () => onRun(action, [row]) },
          )}
        >
          <span aria-hidden="true">⋯</span>
        </MenuButton>
      ) : null}
    </span>
  );
}

function SingleAction({ action, href, name, lang, busy, onRun }: { action: ScreenAction; href: string | null; name: string; lang: Lang; busy: boolean; onRun: () => void }) {
  const label = labelOf(action.label, lang);
  return href ? (
    <Link to={href} className="screen__action" aria-label={`${label}: ${name}`}>
      {label}
    </Link>
  ) : (
    <button type="button" className={`button ${action.danger ? 'button--danger' : 'button--secondary'} button--small screen__action`} aria-label={`${label}: ${name}`} disabled={busy} onClick={onRun}>
      {label}
    </button>
  );
}
