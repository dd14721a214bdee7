// The choice of a statistics run: which analyses, the columns they analyse, and the grouping or dependent
// column the chosen ones need. Each part says which column types fit; Run stays closed, with what is still
// missing said beside it, until the choice is complete. The server's refusals are shown at their parts.
import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../../app/router/hooks';
import { enumLabel, SelectField } from '../../../app/ui';
import { analyzeType } from '../../../generated/enums/analyzeType';
import type { AnalysisColumn, AnalysisColumnType, AnalyzeType, LanguageLabel } from '../../../generated/types/entities';
import { type Choice, fittingTypes, type Gap, gaps, needsDependent, needsGroup } from './needs';
import { columnLabel, typeWord } from './wording';

/** Problems at the form's parts (the server's 10001, worded in the reader's language). */
export type FormErrors = Partial<Record<'analyses' | 'variables' | 'group' | 'dependent', string>>;

interface Props {
  columns: readonly AnalysisColumn[];
  choice: Choice;
  onChoice: (choice: Choice) => void;
  errors: FormErrors;
  busy: boolean;
  onRun: () => void;
}

const typeList = (types: readonly AnalysisColumnType[], lang: LanguageLabel) =>
  new Intl.ListFormat(lang, { type: 'disjunction' }).format(types.map((type) => typeWord(type, lang)));

export function AnalysisForm({ columns, choice, onChoice, errors, busy, onRun }: Props) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const ids = { analyses: useId(), variables: useId(), gaps: useId() };
  const open = gaps(choice, columns);
  const label = (a: AnalyzeType) => enumLabel(analyzeType, a, lang);
  const grouping = needsGroup(choice.analyses);
  const outcome = needsDependent(choice.analyses);
  const options = (types: AnalysisColumnType[]) => columns.filter((c) => types.includes(c.column_type)).map((c) => ({ value: c.column_id, label: columnLabel(c, lang) }));

  const toggle = <T,>(list: readonly T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && open.length === 0) onRun();
  };

  const gapText = (gap: Gap): string => {
    switch (gap.kind) {
      case 'analysis':
        return t('statistics.gap.analysis');
      case 'tooManyAnalyses':
        return t('statistics.gap.tooManyAnalyses');
      case 'variables':
        return t('statistics.gap.variables', { analysis: label(gap.analysis), count: gap.min });
      case 'variableType':
        return t('statistics.gap.variableType', { analysis: label(gap.analysis), column: columnLabel(gap.column, lang), types: typeList(fittingTypes([gap.analysis], 'variables'), lang) });
      case 'group':
        return t('statistics.gap.group', { analysis: label(gap.analysis) });
      case 'dependent':
        return t('statistics.gap.dependent', { analysis: label(gap.analysis) });
      case 'dependentAlsoVariable':
        return t('statistics.gap.dependentAlsoVariable', { column: gap.column.column_name });
    }
  };

  return (
    <form className="form form--wide stat-form" noValidate onSubmit={submit}>
      <fieldset className="fieldset stat-form__analyses" aria-describedby={errors.analyses ? `${ids.analyses}-error` : undefined}>
        <legend>{t('statistics.analyses')}</legend>
        {analyzeType.values.map((a) => (
          <div key={a} className="field field--checkbox stat-choice">
            <input
              id={`${ids.analyses}-${a}`}
              type="checkbox"
              checked={choice.analyses.includes(a)}
              onChange={(e) => onChoice({ ...choice, analyses: toggle(choice.analyses, a, e.target.checked) })}
              aria-describedby={`${ids.analyses}-${a}-about`}
            />
            <label htmlFor={`${ids.analyses}-${a}`} className="field__label">
              {label(a)}
            </label>
            <p id={`${ids.analyses}-${a}-about`} className="field__hint">
              {t(`statistics.about.${a}`)}
            </p>
          </div>
        ))}
        {errors.analyses && (
          <p id={`${ids.analyses}-error`} className="field__error">
            {errors.analyses}
          </p>
        )}
      </fieldset>

      <fieldset className="fieldset stat-form__variables" aria-describedby={[`${ids.variables}-hint`, errors.variables ? `${ids.variables}-error` : ''].join(' ').trim()}>
        <legend>{outcome.length ? t('statistics.predictors') : t('statistics.variables')}</legend>
        <p id={`${ids.variables}-hint`} className="field__hint">
          {choice.analyses.length ? t('statistics.variablesFit', { types: typeList(fittingTypes(choice.analyses, 'variables'), lang) }) : t('statistics.variablesHint')}
        </p>
        <div className="stat-columns">
          {columns.map((c) => (
            <div key={c.column_id} className="field field--checkbox">
              <input
                id={`${ids.variables}-${c.column_id}`}
                type="checkbox"
                checked={choice.variables.includes(c.column_id)}
                onChange={(e) => onChoice({ ...choice, variables: toggle(choice.variables, c.column_id, e.target.checked) })}
              />
              <label htmlFor={`${ids.variables}-${c.column_id}`} className="field__label">
                {columnLabel(c, lang)}
              </label>
            </div>
          ))}
        </div>
        {errors.variables && (
          <p id={`${ids.variables}-error`} className="field__error">
            {errors.variables}
          </p>
        )}
      </fieldset>

      {grouping.length > 0 && (
        <SelectField
          label={t('statistics.groupColumn')}
          value={choice.group}
          onValue={(group) => onChoice({ ...choice, group })}
          placeholder={t('common.choose')}
          options={options(fittingTypes(grouping, 'group'))}
          hint={t('statistics.groupHint', { analyses: grouping.map(label).join(', ') })}
          error={errors.group}
          required
        />
      )}
      {outcome.length > 0 && (
        <SelectField
          label={t('statistics.dependentColumn')}
          value={choice.dependent}
          onValue={(dependent) => onChoice({ ...choice, dependent })}
          placeholder={t('common.choose')}
          options={options(fittingTypes(outcome, 'dependent'))}
          hint={t('statistics.dependentHint', { types: typeList(fittingTypes(outcome, 'dependent'), lang) })}
          error={errors.dependent}
          required
        />
      )}

      <div className="form__actions">
        <button type="submit" className="button" disabled={busy || open.length > 0} aria-describedby={open.length ? ids.gaps : undefined}>
          {busy ? t('statistics.running') : t('statistics.run')}
        </button>
      </div>
      {open.length > 0 && (
        <div id={ids.gaps} className="stat-gaps">
          <p>{t('statistics.gapsTitle')}</p>
          <ul>
            {open.map((gap) => (
              <li key={JSON.stringify(gap)}>{gapText(gap)}</li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
