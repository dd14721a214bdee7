// The handle between the drawing and the side panel (WAI-ARIA window splitter): dragged, or focused and moved
// with the arrow keys (Shift: further), Home and End for the narrowest and widest panel; Enter hides the panel
// (the toolbar's "Side panel" button shows it again, and takes the focus). Its value is the panel's width.
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { hidePanel, PANEL_ID, PANEL_TOGGLE_ID, PANEL_WIDTH, setPanelWidth } from '../panelLayout';

const STEP = 16;
const BIG_STEP = 64;

export function PanelSplitter({ width, max }: { width: number; max: number }) {
  const { t } = useTranslation();
  const drag = useRef<{ x: number; width: number } | null>(null);
  const [dragging, setDragging] = useState(false);

  const onKeyDown = (e: KeyboardEvent<HTMLHRElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    // The panel is on the right: moving the handle left widens it.
    if (e.key === 'ArrowLeft') setPanelWidth(width + step, max);
    else if (e.key === 'ArrowRight') setPanelWidth(width - step, max);
    else if (e.key === 'Home') setPanelWidth(PANEL_WIDTH.min, max);
    else if (e.key === 'End') setPanelWidth(max, max);
    else if (e.key === 'Enter') {
      hidePanel();
      document.getElementById(PANEL_TOGGLE_ID)?.focus();
    } else return;
    e.preventDefault();
  };

  const onPointerDown = (e: PointerEvent<HTMLHRElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.focus();
    drag.current = { x: e.clientX, width };
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLHRElement>) => {
    if (drag.current) setPanelWidth(drag.current.width + drag.current.x - e.clientX, max);
  };
  const onPointerEnd = (e: PointerEvent<HTMLHRElement>) => {
    if (!drag.current) return;
    drag.current = null;
    setDragging(false);
    e.currentTarget.releasePointerCapture?.(e.pointerId);
  };

  return (
    <hr
      className={`rule-splitter${dragging ? ' rule-splitter--dragging' : ''}`}
      tabIndex={0}
      aria-orientation="vertical"
      aria-label={t('rules.panel.resize')}
      aria-controls={PANEL_ID}
      aria-valuenow={width}
      aria-valuemin={PANEL_WIDTH.min}
      aria-valuemax={max}
      aria-valuetext={t('rules.panel.width', { px: width })}
      title={t('rules.panel.resizeHint')}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    />
  );
}
