// The properties of what the outline selected: the model (title, language, colour, template), a group (code,
// name, its parameters), or a parameter (code, label, type and what the type takes: options, limits, unit,
// date type and range, sub-parameters; required, shown while recording, anonymized; a "show when" rule checked
// as it is typed). Every field is a command; the model's problems show at their fields.
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dataModelParameterType } from '../../../src/generated/enums/dataModelParameterType';
import { dateType } from '../../../src/generated/enums/dateType';
import { languageLabel } from '../../../src/generated/enums/languageLabel';
import { permittedDateRange } from '../../../src/generated/enums/permittedDateRange';
import { unitKind } from '../../../src/generated/enums/unitKind';
import type { DataModel, DataModelGroup, DataModelParameter, DataModelParameterType } from '../../../src/generated/types/entities';
import type { Command, ListRef } from '../../../src/domain/data-model/commands';
import { findParameter, isChoice, isNested, LANGS, pointer, type DocPath } from '../../../src/domain/data-model/document';
import { ruleIssues } from '../../../src/domain/data-model/record';
import { unitLabel, unitsOfKind } from '../../../src/domain/units';
import type { Lang } from '../../../src/domain/language';
import { useDesigner, useDesignerApi } from '../store';
import { enumOptions } from '../words';
import { BoundCheckbox, BoundNumber, BoundSelect, BoundText } from './bound';
import { OptionsEditor } from './OptionsEditor';
import { newParameter } from '../newItems';

/** The model's problems by JSON pointer, each as its message in the reader's language. */
export type ProblemAt = (path: DocPath) => string | null;

const TEXT_TYPES: readonly DataModelParameterType[] = ['text', 'textarea', 'sentence', 'anatomy'];
const NUMBER_TYPES: readonly DataModelParameterType[] = ['integer', 'float', 'chart'];

/** `modelExtra`: shown under the model's own properties (the owner's sharing). */
export function Properties({ lang, problemAt, modelExtra }: { lang: Lang; problemAt: ProblemAt; modelExtra?: ReactNode }) {
  const selection = useDesigner((s) => s.selection);
  const doc = useDesigner((s) => s.doc);
  const focus = useDesigner((s) => s.focusProperties);
  const box = useRef<HTMLDivElement>(null);
  // Enter in the outline moves the focus into the properties.
  useEffect(() => {
    if (focus) box.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, [focus]);

  let body: ReactNode;
  if (selection.kind === 'group') {
    const index = doc.group_list.findIndex((g) => g.code === selection.code);
    body = index >= 0 ? <GroupProperties group={doc.group_list[index]} path={['group_list', index]} lang={lang} problemAt={problemAt} /> : null;
  } else if (selection.kind === 'parameter') {
    const placed = findParameter(doc, selection.code);
    body = placed ? <ParameterProperties parameter={placed.parameter} path={placed.path} doc={doc} lang={lang} problemAt={problemAt} /> : null;
  } else
    body = (
      <>
        <ModelProperties doc={doc} lang={lang} problemAt={problemAt} />
        {modelExtra}
      </>
    );
  return (
    <div className="properties" ref={box}>
      {body}
    </div>
  );
}

function ModelProperties({ doc, lang, problemAt }: { doc: DataModel; lang: Lang; problemAt: ProblemAt }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="props-model">
      <h2 id="props-model" className="properties__title">
        {t('designer.props.model')}
      </h2>
      {LANGS.map((l) => (
        <BoundText
          key={l}
          name={`title.${l}`}
          label={t('designer.props.titleIn', { language: t(`designer.lang.${l}`) })}
          required={doc.language === l}
          value={doc.title[l]}
          maxLength={1000}
          error={problemAt(['title', l]) ?? (doc.language === l ? problemAt(['title']) : null)}
          command={(v) => ({ type: 'model.set', path: `title.${l}`, value: v })}
        />
      ))}
      <BoundSelect
        name="language"
        label={t('designer.props.language')}
        hint={t('designer.props.languageHint')}
        required
        value={doc.language}
        options={enumOptions(languageLabel, lang).map((o) => ({ ...o, label: t(`designer.lang.${o.value}`) }))}
        placeholder={t('designer.props.choose')}
        error={problemAt(['language'])}
        command={(v) => ({ type: 'model.set', path: 'language', value: v })}
      />
      <ColourField value={doc.color} />
      <BoundCheckbox name="template" label={t('designer.props.template')} hint={t('designer.props.templateHint')} checked={Boolean(doc.template)} command={(v) => ({ type: 'model.set', path: 'template', value: v || undefined })} />
    </section>
  );
}

/** The model's colour (the list and the records show it): a swatch and its hex code, or none. */
function ColourField({ value }: { value: string | undefined }) {
  const { t } = useTranslation();
  const api = useDesignerApi();
  const readOnly = useDesigner((s) => s.readOnly);
  return (
    <div className="field properties__colour">
      <label className="field__label" htmlFor="model-colour">
        {t('designer.props.colour')}
      </label>
      <div className="properties__inline">
        <input id="model-colour" type="color" value={value ?? '#2f6f8f'} disabled={readOnly} onChange={(e) => api.getState().run({ type: 'model.set', path: 'color', value: e.target.value }, { mergeKey: 'color' })} onBlur={() => api.getState().seal()} />
        <span className="properties__muted">{value ?? t('designer.props.noColour')}</span>
        {value && !readOnly && (
          <button type="button" className="button button--secondary button--small" onClick={() => api.getState().run({ type: 'model.set', path: 'color', value: undefined })}>
            {t('designer.props.clearColour')}
          </button>
        )}
      </div>
    </div>
  );
}

function GroupProperties({ group, path, lang, problemAt }: { group: DataModelGroup; path: DocPath; lang: Lang; problemAt: ProblemAt }) {
  const { t } = useTranslation();
  const api = useDesignerApi();
  const readOnly = useDesigner((s) => s.readOnly);
  return (
    <section aria-labelledby="props-group">
      <h2 id="props-group" className="properties__title">
        {t('designer.props.group')}
      </h2>
      <BoundText
        name={`${pointer(path)}/code`}
        label={t('designer.props.code')}
        hint={t('designer.props.codeHint')}
        required
        value={group.code}
        keepEmpty
        maxLength={64}
        error={problemAt([...path, 'code'])}
        command={(v) => ({ type: 'group.update', group: group.code, path: 'code', value: v ?? '' })}
      />
      {LANGS.map((l) => (
        <BoundText
          key={l}
          name={`${pointer(path)}/label/${l}`}
          label={t('designer.props.nameIn', { language: t(`designer.lang.${l}`) })}
          value={group.label[l]}
          maxLength={1000}
          command={(v) => ({ type: 'group.rename', group: group.code, lang: l, text: v })}
        />
      ))}
      {!readOnly && (
        <div className="properties__actions">
          <button type="button" className="button button--secondary" onClick={() => api.getState().run({ type: 'parameter.add', to: { group: group.code }, parameters: [newParameter(api.getState().doc, lang)] })}>
            {t('designer.actions.addParameterHere')}
          </button>
          <button type="button" className="button button--danger" onClick={() => api.getState().run({ type: 'group.delete', group: group.code })}>
            {t('designer.actions.deleteGroup')}
          </button>
        </div>
      )}
    </section>
  );
}

function ParameterProperties({ parameter: p, path, doc, lang, problemAt }: { parameter: DataModelParameter; path: DocPath; doc: DataModel; lang: Lang; problemAt: ProblemAt }) {
  const { t } = useTranslation();
  const api = useDesignerApi();
  const readOnly = useDesigner((s) => s.readOnly);
  const set = (field: string) => (value: unknown): Command => ({ type: 'parameter.update', parameter: p.code, path: field, value });
  const name = (field: string) => `${pointer(path)}/${field}`;
  const err = (...field: (string | number)[]) => problemAt([...path, ...field]);
  const shownWhileRecording = p.show_while_recording !== false;
  return (
    <section aria-labelledby="props-parameter">
      <h2 id="props-parameter" className="properties__title">
        {t('designer.props.parameter')}
      </h2>
      <BoundText name={name('code')} label={t('designer.props.code')} hint={t('designer.props.codeHint')} required value={p.code} keepEmpty maxLength={64} error={err('code')} command={(v) => set('code')(v ?? '')} />
      {LANGS.map((l) => (
        <BoundText key={l} name={name(`label/${l}`)} label={t('designer.props.labelIn', { language: t(`designer.lang.${l}`) })} value={p.label[l]} maxLength={1000} command={(v) => ({ type: 'text.set', target: { kind: 'parameter', parameter: p.code }, lang: l, value: v })} />
      ))}
      <BoundSelect name={name('type')} label={t('designer.props.type')} required value={p.type} options={enumOptions(dataModelParameterType, lang)} command={(v) => set('type')(v ?? p.type)} />

      <fieldset className="properties__group">
        <legend>{t('designer.props.behaviour')}</legend>
        <BoundCheckbox name={name('required')} label={t('designer.props.required')} checked={Boolean(p.required)} command={(v) => set('required')(v || undefined)} />
        <BoundCheckbox name={name('show_while_recording')} label={t('designer.props.showWhileRecording')} hint={t('designer.props.showWhileRecordingHint')} checked={shownWhileRecording} command={(v) => set('show_while_recording')(v ? undefined : false)} />
        <BoundCheckbox name={name('anonymization')} label={t('designer.props.anonymization')} hint={t('designer.props.anonymizationHint')} checked={Boolean(p.anonymization)} command={(v) => set('anonymization')(v || undefined)} />
      </fieldset>

      {NUMBER_TYPES.includes(p.type) && (
        <fieldset className="properties__group">
          <legend>{t('designer.props.numbers')}</legend>
          <div className="properties__pair">
            <BoundNumber name={name('min_limit')} label={t('designer.props.min')} value={p.min_limit} error={err('min_limit')} command={set('min_limit')} />
            <BoundNumber name={name('max_limit')} label={t('designer.props.max')} value={p.max_limit} error={err('max_limit')} command={set('max_limit')} />
          </div>
          {p.type !== 'integer' && <BoundNumber name={name('max_decimal')} integer label={t('designer.props.decimals')} value={p.max_decimal} error={err('max_decimal')} command={set('max_decimal')} />}
          <div className="properties__pair">
            <BoundSelect name={name('unit_kind')} label={t('designer.props.unitKind')} value={p.unit_kind} options={enumOptions(unitKind, lang)} placeholder={t('designer.props.noUnit')} command={set('unit_kind')} />
            <UnitField parameter={p} lang={lang} name={name('unit')} command={set('unit')} />
          </div>
        </fieldset>
      )}

      {TEXT_TYPES.includes(p.type) && (
        <fieldset className="properties__group">
          <legend>{t('designer.props.text')}</legend>
          <BoundNumber name={name('max_length')} integer label={t('designer.props.maxLength')} value={p.max_length} error={err('max_length')} command={set('max_length')} />
          <BoundText name={name('allowed_characters')} label={t('designer.props.allowedCharacters')} hint={t('designer.props.allowedCharactersHint')} value={p.allowed_characters} maxLength={200} command={set('allowed_characters')} />
        </fieldset>
      )}

      {p.type === 'date' && (
        <fieldset className="properties__group">
          <legend>{t('designer.props.dates')}</legend>
          <BoundSelect name={name('date_type')} label={t('designer.props.dateType')} value={p.date_type ?? 'date'} options={enumOptions(dateType, lang)} command={(v) => set('date_type')(v === 'date' ? undefined : v)} />
          <BoundSelect name={name('permitted_date_range')} label={t('designer.props.dateRange')} value={p.permitted_date_range ?? 'no_limit'} options={enumOptions(permittedDateRange, lang)} command={(v) => set('permitted_date_range')(v === 'no_limit' ? undefined : v)} />
        </fieldset>
      )}

      {(isChoice(p.type) || p.type === 'anatomy') && <OptionsEditor parameter={p} path={path} problemAt={problemAt} modelLang={(doc.language as Lang | undefined) ?? lang} />}

      {isNested(p.type) && <SubParameters parameter={p} path={path} lang={lang} problemAt={problemAt} />}

      <RuleField parameter={p} doc={doc} lang={lang} error={err('rule')} />

      {!readOnly && (
        <div className="properties__actions">
          <button type="button" className="button button--danger" onClick={() => api.getState().run({ type: 'parameter.delete', parameter: p.code })}>
            {t('designer.actions.deleteParameter')}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * The unit: with a kind, one of the catalogue's units of that kind (stored as its UCUM code; an imported unit
 * outside the list stays offered as written); without a kind, the unit as written on the form.
 */
function UnitField({ parameter: p, lang, name, command }: { parameter: DataModelParameter; lang: Lang; name: string; command: (v: unknown) => Command }) {
  const { t } = useTranslation();
  if (!p.unit_kind) return <BoundText name={name} label={t('designer.props.unit')} hint={t('designer.props.unitHint')} value={p.unit} maxLength={30} command={command} />;
  const options = unitsOfKind(p.unit_kind).map((u) => ({ value: u.code, label: unitLabel(u.code, lang) }));
  if (p.unit && !options.some((o) => o.value === p.unit)) options.unshift({ value: p.unit, label: unitLabel(p.unit, lang) });
  return <BoundSelect name={name} label={t('designer.props.unit')} value={p.unit} options={options} placeholder={t('designer.props.noUnit')} command={command} />;
}

/** The "show when" rule: the rule engine's language, checked as it is typed (parentheses first: the spec's message). */
function RuleField({ parameter: p, doc, lang, error }: { parameter: DataModelParameter; doc: DataModel; lang: Lang; error: string | null }) {
  const { t } = useTranslation();
  const issues = p.rule ? ruleIssues(doc, p.rule).filter((i) => i.code !== 'parenthesis') : [];
  const note = error ?? (issues[0] ? issues[0].message[lang] : null);
  return (
    <fieldset className="properties__group">
      <legend>{t('designer.props.rule')}</legend>
      <BoundText
        name={`rule:${p.code}`}
        label={t('designer.props.ruleLabel')}
        hint={
          <>
            {t('designer.props.ruleHint')} <code>sex = "F"</code>, <code>ecog &gt;= 2 and weight &lt; 40</code>
          </>
        }
        value={p.rule}
        maxLength={5000}
        error={note}
        command={(v) => ({ type: 'parameter.update', parameter: p.code, path: 'rule', value: v })}
      />
    </fieldset>
  );
}

function SubParameters({ parameter: p, path, lang, problemAt }: { parameter: DataModelParameter; path: DocPath; lang: Lang; problemAt: ProblemAt }) {
  const { t } = useTranslation();
  const api = useDesignerApi();
  const readOnly = useDesigner((s) => s.readOnly);
  const to: ListRef = { parent: p.code };
  const error = problemAt([...path, 'parameter_list']);
  return (
    <fieldset className="properties__group">
      <legend>{t('designer.props.subParameters')}</legend>
      <p className="properties__muted">{p.type === 'list' ? t('designer.props.listHint') : t('designer.props.objectHint')}</p>
      <ul className="properties__subs">
        {(p.parameter_list ?? []).map((sub) => (
          <li key={sub.code}>
            <button type="button" className="link-button" onClick={() => api.getState().select({ kind: 'parameter', code: sub.code })}>
              {sub.label[lang] ?? sub.label[lang === 'en' ? 'tr' : 'en'] ?? sub.code}
            </button>{' '}
            <code>{sub.code}</code>
          </li>
        ))}
      </ul>
      {error && <p className="field__error">{error}</p>}
      {!readOnly && (
        <button type="button" className="button button--secondary button--small" onClick={() => api.getState().run({ type: 'parameter.add', to, parameters: [newParameter(api.getState().doc, lang)] })}>
          {t('designer.actions.addSubParameter')}
        </button>
      )}
    </fieldset>
  );
}
