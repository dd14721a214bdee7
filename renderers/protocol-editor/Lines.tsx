// The protocol's lines: a table (kind, what, days; move, duplicate, remove — Alt+↑/↓ moves the focused row),
// lines added by kind, and the open line's fields below it: what its kind needs (a medicine's name, dose, unit,
// route, frequency, duration, maximum dose, rounding or dose bands, lifetime limit; a test; a text) and its days
// on a picker of the cycle's days that also takes "1,8,15" or "1-14" typed.
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BoundNumber, BoundSelect, BoundText } from '../../src/app/ui/bound';
import { enumLabel, enumOptions } from '../../src/app/ui/labels';
import { MenuButton, TextField } from '../../src/app/ui';
import { administrationType } from '../../src/generated/enums/administrationType';
import { doseFrequency } from '../../src/generated/enums/doseFrequency';
import { doseUnit } from '../../src/generated/enums/doseUnit';
import { protocolItemType } from '../../src/generated/enums/protocolItemType';
import { startingDateType } from '../../src/generated/enums/startingDateType';
import type { Lang } from '../../src/domain/language';
import type { ProtocolItemType } from '../../src/generated/types/entities';
import { copyLine, daysText, isMedicine, lineSummary, newLine, parseDays } from './lines';
import { useEditor, useEditorApi, type Command, type Line } from './store';

/** `lineProblem(i)`: whether a problem is about line i (its row is marked). */
export function Lines({ lang, problemAt, lineProblem }: { lang: Lang; problemAt: (path: string) => string | null; lineProblem: (index: number) => boolean }) {
  const { t } = useTranslation();
  const api = useEditorApi();
  const lines = useEditor((s) => s.doc.drug_list);
  const selected = useEditor((s) => s.selected);
  const readOnly = useEditor((s) => s.readOnly);
  const open = lines.findIndex((l) => l.item_id === selected);

  const add = (kind: ProtocolItemType) => api.getState().run({ type: 'line.add', line: newLine(kind), index: open >= 0 ? open + 1 : lines.length });
  const move = (l: Line, by: -1 | 1) => {
    if (!api.getState().run({ type: 'line.move', item_id: l.item_id, by })) return;
    // The focus stays on the moved row.
    requestAnimationFrame(() => document.getElementById(`line-${l.item_id}`)?.focus());
  };
  const onRowKey = (e: KeyboardEvent, l: Line) => {
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      move(l, e.key === 'ArrowUp' ? -1 : 1);
    }
  };

  return (
    <section className="protocol-section" aria-labelledby="protocol-lines-title">
      <div className="protocol-section__head">
        <h2 id="protocol-lines-title">{t('protocol.lines.title')}</h2>
        {!readOnly && (
          <MenuButton label={t('protocol.lines.add')} items={protocolItemType.values.map((k) => ({ key: k, label: enumLabel(protocolItemType, k, lang), onSelect: () => add(k) }))}>
            {t('protocol.lines.add')}
          </MenuButton>
        )}
      </div>
      {!readOnly && <p className="field__hint">{t('protocol.lines.hint')}</p>}
      <table className="protocol-lines">
        <caption className="visually-hidden">{t('protocol.lines.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('protocol.lines.kind')}</th>
            <th scope="col">{t('protocol.lines.what')}</th>
            <th scope="col">{t('protocol.lines.days')}</th>
            {!readOnly && <th scope="col">{t('protocol.lines.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => {
            const summary = lineSummary(l, lang) || t('protocol.lines.unnamed');
            return (
              <tr key={l.item_id} className={`protocol-lines__row${l.item_id === selected ? ' protocol-lines__row--open' : ''}${lineProblem(i) ? ' protocol-lines__row--problem' : ''}`}>
                <td>{enumLabel(protocolItemType, l.item_type, lang)}</td>
                <td>
                  <span className="protocol-lines__kind" aria-hidden="true">
                    {enumLabel(protocolItemType, l.item_type, lang)}
                  </span>
                  <button
                    type="button"
                    id={`line-${l.item_id}`}
                    className="protocol-lines__open"
                    aria-expanded={l.item_id === selected}
                    aria-keyshortcuts={readOnly ? undefined : 'Alt+ArrowUp Alt+ArrowDown'}
                    onClick={() => api.getState().select(l.item_id === selected ? null : l.item_id)}
                    onKeyDown={(e) => !readOnly && onRowKey(e, l)}
                  >
                    {summary}
                  </button>
                </td>
                <td>{daysText(l.day_list)}</td>
                {!readOnly && (
                  <td className="protocol-lines__actions">
                    <MenuButton
                      label={t('protocol.lines.actionsFor', { line: summary })}
                      items={[
                        { key: 'up', label: t('protocol.lines.up'), shortcut: 'Alt+↑', ariaKeys: 'Alt+ArrowUp', disabled: i === 0, onSelect: () => move(l, -1) },
                        { key: 'down', label: t('protocol.lines.down'), shortcut: 'Alt+↓', ariaKeys: 'Alt+ArrowDown', disabled: i === lines.length - 1, onSelect: () => move(l, 1) },
                        { key: 'duplicate', label: t('protocol.lines.duplicate'), onSelect: () => api.getState().run({ type: 'line.add', line: copyLine(l), index: i + 1 }) },
                        { key: 'remove', label: t('protocol.lines.remove'), danger: true, disabled: lines.length === 1, onSelect: () => api.getState().run({ type: 'line.remove', item_id: l.item_id }) },
                      ]}
                    >
                      {t('protocol.lines.actions')}
                    </MenuButton>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {open >= 0 && <LineFields key={lines[open].item_id} line={lines[open]} index={open} lang={lang} problemAt={problemAt} />}
    </section>
  );
}

const setLine = (l: Line, field: string) => (value: unknown): Command => ({ type: 'set', path: `drug_list.${l.item_id}.${field}`, value });

/** The open line's fields, by its kind. */
function LineFields({ line: l, index, lang, problemAt }: { line: Line; index: number; lang: Lang; problemAt: (path: string) => string | null }) {
  const { t } = useTranslation();
  const at = (field: string) => problemAt(`/drug_list/${index}/${field}`);
  const summary = lineSummary(l, lang) || t('protocol.lines.unnamed');
  return (
    <fieldset className="protocol-line" aria-label={t('protocol.line.title', { line: summary })}>
      <legend>{t('protocol.line.title', { line: summary })}</legend>
      {problemAt(`/drug_list/${index}`) && <p className="field__error">{problemAt(`/drug_list/${index}`)}</p>}
      <div className="protocol-props">
        {isMedicine(l) && (
          <>
            <BoundText<Command> name={`${l.item_id}/drug_name`} label={t('protocol.line.drug')} required value={l.drug_name} maxLength={200} error={at('drug_name')} command={setLine(l, 'drug_name')} />
            <BoundNumber<Command> name={`${l.item_id}/dosage`} label={t('protocol.line.dosage')} required value={l.dosage} error={at('dosage')} command={setLine(l, 'dosage')} />
            <BoundSelect<Command> name={`${l.item_id}/unit`} label={t('protocol.line.unit')} required value={l.unit} options={enumOptions(doseUnit, lang)} placeholder={t('protocol.choose')} error={at('unit')} command={setLine(l, 'unit')} />
            <BoundSelect<Command> name={`${l.item_id}/administration_type`} label={t('protocol.line.route')} required value={l.administration_type} options={enumOptions(administrationType, lang)} placeholder={t('protocol.choose')} error={at('administration_type')} command={setLine(l, 'administration_type')} />
            <BoundSelect<Command> name={`${l.item_id}/frequency`} label={t('protocol.line.frequency')} required value={l.frequency} options={enumOptions(doseFrequency, lang)} placeholder={t('protocol.choose')} error={at('frequency')} command={setLine(l, 'frequency')} />
            {(l.administration_type === 'iv_infusion' || l.frequency === 'continuous' || l.duration_minutes !== undefined) && (
              <BoundNumber<Command> name={`${l.item_id}/duration_minutes`} integer label={t('protocol.line.duration')} value={l.duration_minutes} error={at('duration_minutes')} command={setLine(l, 'duration_minutes')} />
            )}
            <BoundNumber<Command> name={`${l.item_id}/max_dose`} label={t('protocol.line.maxDose')} hint={t('protocol.line.maxDoseHint')} value={l.max_dose} error={at('max_dose')} command={setLine(l, 'max_dose')} />
          </>
        )}
        {l.item_type === 'laboratory' && <BoundText<Command> name={`${l.item_id}/lab_test`} label={t('protocol.line.labTest')} required value={l.lab_test} maxLength={100} error={at('lab_test')} command={setLine(l, 'lab_test')} />}
        <BoundSelect<Command> name={`${l.item_id}/starting_date_type`} label={t('protocol.line.start')} required value={l.starting_date_type} options={enumOptions(startingDateType, lang)} error={at('starting_date_type')} command={setLine(l, 'starting_date_type')} />
      </div>
      {(l.item_type === 'note' || l.item_type === 'message') && <BoundText<Command> name={`${l.item_id}/text`} multiline label={t('protocol.line.text')} required value={l.text} maxLength={2000} error={at('text')} command={setLine(l, 'text')} />}
      <DayPicker l={l} error={at('day_list')} />
      {isMedicine(l) && <Rounding l={l} index={index} problemAt={problemAt} />}
      {isMedicine(l) && <LifetimeLimit l={l} error={at('lifetime_limit')} />}
    </fieldset>
  );
}

/** The cycle's days 1..cycle length as toggles, and a box taking "1,8,15" or "1-14". */
function DayPicker({ l, error }: { l: Line; error: string | null }) {
  const { t } = useTranslation();
  const api = useEditorApi();
  const readOnly = useEditor((s) => s.readOnly);
  const length = useEditor((s) => s.doc.cycle_length_days) ?? 21;
  // Days of the whole treatment may pass the cycle's end; a cycle's own may not.
  const max = l.starting_date_type === 'treatment_start' ? 365 : length;
  const [typed, setTyped] = useState<string | null>(null);
  const [typedError, setTypedError] = useState<string | null>(null);
  const setDays = (days: number[]) => api.getState().run({ type: 'set', path: `drug_list.${l.item_id}.day_list`, value: days });
  const shown = Math.max(length, ...l.day_list);
  return (
    <fieldset className="protocol-days">
      <legend>{t('protocol.days.title')}</legend>
      <TextField
        label={t('protocol.days.typed')}
        hint={t('protocol.days.hint', { max })}
        error={typedError ?? error}
        value={typed ?? daysText(l.day_list)}
        readOnly={readOnly}
        onValue={(v) => {
          setTyped(v);
          const days = parseDays(v, max);
          setTypedError(days ? null : t('protocol.days.invalid', { max }));
          if (days) setDays(days);
        }}
        onBlur={() => {
          setTyped(null);
          setTypedError(null);
          api.getState().seal();
        }}
      />
      <div className="protocol-days__grid">
        {Array.from({ length: shown }, (_, i) => i + 1).map((d) => {
          const on = l.day_list.includes(d);
          return (
            <button
              key={d}
              type="button"
              className={`protocol-days__day${on ? ' protocol-days__day--on' : ''}`}
              aria-pressed={on}
              aria-label={t('protocol.days.day', { day: d })}
              disabled={readOnly || (on && l.day_list.length === 1)}
              onClick={() => setDays(on ? l.day_list.filter((x) => x !== d) : [...l.day_list, d].sort((a, b) => a - b))}
            >
              {d}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

type RoundingKind = 'none' | 'step' | 'bands';

/** Rounding of the calculated dose: none, to a step (e.g. 5 mg), or to dose bands (from–to → dose). */
function Rounding({ l, index, problemAt }: { l: Line; index: number; problemAt: (path: string) => string | null }) {
  const { t } = useTranslation();
  const api = useEditorApi();
  const readOnly = useEditor((s) => s.readOnly);
  const r = l.dose_rounding;
  const kind: RoundingKind = !r ? 'none' : 'bands' in r ? 'bands' : 'step';
  const path = `drug_list.${l.item_id}.dose_rounding`;
  // A new step or band starts empty (a band from 0): no dose the pharmacist did not write; the save refuses it
  // at its field until filled.
  const choose = (k: RoundingKind) => api.getState().run({ type: 'set', path, value: k === 'none' ? undefined : k === 'step' ? {} : { bands: [{ from: 0 }] } });
  const bands = r && 'bands' in r ? r.bands : [];
  return (
    <fieldset className="protocol-rounding">
      <legend>{t('protocol.rounding.title')}</legend>
      <div className="protocol-rounding__kinds" role="radiogroup" aria-label={t('protocol.rounding.title')}>
        {(['none', 'step', 'bands'] as const).map((k) => (
          <label key={k} className="protocol-radio">
            <input type="radio" name={`rounding-${l.item_id}`} checked={kind === k} disabled={readOnly} onChange={() => choose(k)} /> {t(`protocol.rounding.${k}`)}
          </label>
        ))}
      </div>
      {kind === 'step' && <BoundNumber<Command> name={`${l.item_id}/step`} label={t('protocol.rounding.stepLabel')} value={(r as { step?: number }).step} error={problemAt(`/drug_list/${index}/dose_rounding/step`)} command={(v) => ({ type: 'set', path: `${path}.step`, value: v })} />}
      {r && 'bands' in r && (
        <ol className="protocol-bands">
          {bands.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a band is its place in the list
            <li key={i} className="protocol-bands__band">
              {(['from', 'to', 'dose'] as const).map((f) => (
                <BoundNumber<Command> key={f} name={`${l.item_id}/bands/${i}/${f}`} label={t(`protocol.rounding.${f}`, { n: i + 1 })} value={b[f]} error={problemAt(`/drug_list/${index}/dose_rounding/bands/${i}/${f}`)} command={(v) => ({ type: 'set', path: `${path}.bands.${i}.${f}`, value: v })} />
              ))}
              {!readOnly && bands.length > 1 && (
                <button type="button" className="button button--secondary button--small" aria-label={t('protocol.rounding.removeBand', { n: i + 1 })} onClick={() => api.getState().run({ type: 'set', path: `${path}.bands`, value: bands.filter((_, j) => j !== i) })}>
                  {t('protocol.rounding.remove')}
                </button>
              )}
            </li>
          ))}
          {!readOnly && (
            <li>
              <button type="button" className="button button--secondary button--small" onClick={() => api.getState().run({ type: 'set', path: `${path}.bands`, value: [...bands, { from: bands[bands.length - 1]?.to ?? 0 }] })}>
                {t('protocol.rounding.addBand')}
              </button>
            </li>
          )}
        </ol>
      )}
    </fieldset>
  );
}

/** The drug's cumulative lifetime limit: an amount in mg, per m² of body surface or in total; none when empty. */
function LifetimeLimit({ l, error }: { l: Line; error: string | null }) {
  const { t } = useTranslation();
  const path = `drug_list.${l.item_id}.lifetime_limit`;
  const limit = l.lifetime_limit;
  return (
    <div className="protocol-props">
      <BoundNumber<Command> name={`${l.item_id}/lifetime`} label={t('protocol.line.lifetime')} hint={t('protocol.line.lifetimeHint')} value={limit?.amount} error={error} command={(v) => ({ type: 'set', path, value: v === undefined ? undefined : { amount: v, per: limit?.per ?? 'm2' } })} />
      {limit && (
        <BoundSelect<Command>
          name={`${l.item_id}/lifetime_per`}
          label={t('protocol.line.lifetimePer')}
          value={limit.per}
          options={[
            { value: 'm2', label: t('protocol.line.perM2') },
            { value: 'total', label: t('protocol.line.perTotal') },
          ]}
          command={(v) => ({ type: 'set', path, value: { amount: limit.amount, per: v ?? 'm2' } })}
        />
      )}
    </div>
  );
}
