// A chart parameter: its points (a date and a number each) as a small table with add and remove, and a tiny
// line of the points drawn as inline SVG (no chart library), oldest first.
import { useRef } from 'react';
import type { DataModelParameter } from '../../src/generated/types/entities';
import type { DocPath } from '../../src/domain/data-model/document';
import { DATE_FORMS, type ChartPoint } from '../../src/domain/data-model/record';
import { DateInput } from '../../src/app/ui';
import { useForm } from './context';
import { Messages, NumberBox, RequiredMark, useFieldIds, useLeave } from './fields';
import { labelOf, numberText, pathKey, unitText } from './values';

const W = 240;
const H = 56;
const PAD = 4;

/** The points that can be drawn (a real date and a number), by date. */
export function drawable(points: readonly ChartPoint[]): ChartPoint[] {
  return points
    .filter((p) => p && typeof p.date === 'string' && DATE_FORMS.date.pattern.test(p.date) && typeof p.value === 'number' && Number.isFinite(p.value))
    .sort((a, b) => a.date.localeCompare(b.date));
}

export function Sparkline({ points, label }: { points: readonly ChartPoint[]; label: string }) {
  const shown = drawable(points);
  if (shown.length === 0) return null;
  const days = shown.map((p) => Date.parse(p.date));
  const [x0, x1] = [Math.min(...days), Math.max(...days)];
  const values = shown.map((p) => p.value);
  const [y0, y1] = [Math.min(...values), Math.max(...values)];
  const x = (d: number) => (x1 === x0 ? W / 2 : PAD + ((d - x0) / (x1 - x0)) * (W - 2 * PAD));
  const y = (v: number) => (y1 === y0 ? H / 2 : H - PAD - ((v - y0) / (y1 - y0)) * (H - 2 * PAD));
  const xy = shown.map((p, i) => `${x(days[i]).toFixed(1)},${y(p.value).toFixed(1)}`);
  return (
    <svg className="dm-sparkline" viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={label}>
      {shown.length > 1 && <polyline points={xy.join(' ')} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />}
      {xy.map((p) => {
        const [cx, cy] = p.split(',');
        return <circle key={p} cx={cx} cy={cy} r="3" fill="currentColor" />;
      })}
    </svg>
  );
}

export function ChartField({ parameter: p, path, value }: { parameter: DataModelParameter; path: DocPath; value: ChartPoint[] | undefined }) {
  const form = useForm();
  const { t, lang, readOnly } = form;
  const points = Array.isArray(value) ? value : [];
  const own = form.messagesAt(path);
  const under = form.messagesUnder(path).filter((m) => m.path.length > path.length);
  const ids = useFieldIds(path, own);
  const leave = useLeave(path);
  const label = labelOf(p, lang);
  const unit = unitText(p);
  const addRef = useRef<HTMLButtonElement>(null);
  const setPoint = (i: number, part: 'date' | 'value', v: unknown) => {
    const next = points.map((pt, j) => (j === i ? ({ ...pt, [part]: v } as ChartPoint) : pt));
    form.set(path, next);
  };
  const cellMessages = (i: number, part: string) => under.filter((m) => m.path[path.length] === i && m.path[path.length + 1] === part).map((m) => m.message);
  const cell = (i: number, part: 'date' | 'value') => {
    const messages = cellMessages(i, part);
    const id = form.idOf([...path, i, part]);
    const errors = messages.filter((m) => m.severity === 'error');
    return {
      id,
      'aria-label': `${t(part === 'date' ? 'recording.date' : 'recording.value')} ${i + 1}`,
      'aria-invalid': errors.length > 0 || undefined,
      'aria-describedby': errors.length ? `${id}-error` : undefined,
      errors,
    };
  };
  return (
    <fieldset className="fieldset field field--full dm-chart" onBlur={leave} data-path={pathKey(path)} aria-describedby={ids.describedBy}>
      <legend className="field__label">
        {label}
        {unit && <span className="dm-unit"> ({unit})</span>}
        <RequiredMark required={p.required} />
      </legend>
      <div className="dm-chart__body">
        {points.length === 0 ? (
          <p className="field__hint" id={ids.id} tabIndex={-1}>
            {t('recording.noPoints')}
          </p>
        ) : (
          <table className="table dm-chart__table">
            <thead>
              <tr>
                <th scope="col">{t('recording.date')}</th>
                <th scope="col">{t('recording.value')}</th>
                {!readOnly && (
                  <th scope="col">
                    <span className="visually-hidden">{t('recording.removePointShort')}</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {points.map((pt, i) => {
                const d = cell(i, 'date');
                const v = cell(i, 'value');
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a point has no identity of its own; its boxes follow their values
                  <tr key={i}>
                    <td>
                      <DateInput
                        id={i === 0 ? ids.id : d.id}
                        dateLang={lang}
                        className="field__input"
                        aria-label={d['aria-label']}
                        aria-invalid={d['aria-invalid']}
                        aria-describedby={d['aria-describedby']}
                        readOnly={readOnly}
                        value={typeof pt?.date === 'string' ? pt.date : ''}
                        onValue={(x) => setPoint(i, 'date', x)}
                      />
                      {d.errors.length > 0 && (
                        <p id={`${d.id}-error`} className="field__error">
                          {d.errors.map((m) => m.text).join(' ')}
                        </p>
                      )}
                    </td>
                    <td>
                      <NumberBox
                        common={{ id: v.id, 'aria-invalid': v['aria-invalid'], 'aria-describedby': v['aria-describedby'] }}
                        integer={false}
                        value={pt?.value}
                        lang={lang}
                        readOnly={readOnly}
                        onValue={(x) => setPoint(i, 'value', x)}
                      />
                      {v.errors.length > 0 && (
                        <p id={`${v.id}-error`} className="field__error">
                          {v.errors.map((m) => m.text).join(' ')}
                        </p>
                      )}
                    </td>
                    {!readOnly && (
                      <td>
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={t('recording.removePoint', { n: i + 1 })}
                          onClick={() => {
                            const next = points.filter((_, j) => j !== i);
                            form.set(path, next.length ? next : undefined);
                            addRef.current?.focus();
                          }}
                        >
                          <span className="dm-chart__remove-mark" aria-hidden="true">
                            ×
                          </span>
                          <span className="dm-chart__remove-word">{t('recording.removePointShort')}</span>
                        </button>
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        <Sparkline points={points} label={`${label}: ${t('recording.chartLine', { count: drawable(points).length })} (${drawable(points).map((x) => `${x.date} ${numberText(x.value, lang)}`).join('; ')})`} />
      </div>
      {!readOnly && (
        <div>
          <button ref={addRef} type="button" className="button button--secondary button--small" onClick={() => form.set(path, [...points, { date: '', value: undefined } as unknown as ChartPoint])}>
            {t('recording.addPoint')}
          </button>
        </div>
      )}
      <Messages errors={ids.errors} warnings={ids.warnings} errorId={ids.errorId} warningId={ids.warningId} />
    </fieldset>
  );
}
