// The editable record: an @rjsf/core form over the save route's request schema, with our widgets chosen by
// rank, labels and messages in the user's language, the server's field errors on their fields, a summary
// of the problems that moves the focus to itself, and the required marks of the schema.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Form from '@rjsf/core';
import { getDefaultFormState, type RJSFValidationError, type RJSFSchema, type UiSchema, type ValidatorType } from '@rjsf/utils';
import { useAccess, useActiveLabel } from '../../../src/app/router/hooks';
import { applyDerivations } from './derive';
import { buildUiSchema, derivationsOf, translateErrors, type FormError, valueLabelsOf } from './form';
import { statusMessage } from '../../../src/domain/status-messages';
import { templates, translateString } from './templates';
import { FORM_RENDERERS, rjsfFields, rjsfWidgets, type FormContext } from './widgets';
import type { RecordController } from './useRecordScreen';
import '../strings';

/** No empty items for minItems, no empty objects: a form sends what the person filled in, plus schema defaults. */
const DEFAULTS = { arrayMinItems: { populate: 'never' }, emptyObjectFields: 'skipEmptyDefaults' } as const;

export interface RecordFormProps {
  record: RecordController;
  /** The form schema's compiled validator (formValidatorOf). */
  validator: ValidatorType;
}

export default function RecordForm({ record, validator }: RecordFormProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const access = useAccess();
  const { screen, formSchema, saveRouteName } = { ...record, saveRouteName: record.mode === 'new' ? record.screen.routes.new! : record.screen.routes.edit! };
  const schema = formSchema as RJSFSchema;
  const uiSchema = useMemo(() => buildUiSchema(screen, formSchema!, FORM_RENDERERS, lang, access) as UiSchema, [screen, formSchema, lang, access]);
  const translate = useMemo(() => translateString(t), [t]);
  const valueLabels = useMemo(() => valueLabelsOf(screen, record.record), [screen, record.record]);
  const formContext: FormContext = useMemo(
    () => ({ screen, params: record.params, access, record: record.record, formData: record.formData, valueLabels }),
    [screen, access, record.params, record.record, record.formData, valueLabels],
  );
  // A new record's derived fields follow their sources until typed (a unit's paths follow its captions).
  const derivations = useMemo(() => (record.mode === 'new' ? derivationsOf(screen, formSchema!) : []), [record.mode, screen, formSchema]);
  const [problems, setProblems] = useState<FormError[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  // After a refused submit the summary takes the focus, so keyboard and screen-reader users hear what to fix.
  useEffect(() => {
    if (focusTick) summaryRef.current?.focus();
  }, [focusTick]);

  // rjsf fills the schema's defaults into the form; that filled state of the loaded record is the unchanged one.
  const { setBaseline, setFormData, loadedData } = record;
  useEffect(() => {
    const filled = getDefaultFormState(validator, schema, loadedData, schema, false, DEFAULTS) as Record<string, unknown>;
    setFormData(filled);
    setBaseline(filled);
  }, [validator, schema, loadedData, setFormData, setBaseline]);

  const partNames = useMemo(() => ({ tr: t('screen.lang.tr'), en: t('screen.lang.en') }), [t]);
  const transformErrors = useCallback(
    (errors: RJSFValidationError[]) => translateErrors(errors as FormError[], formSchema!, lang, saveRouteName, record.formData, partNames) as RJSFValidationError[],
    [formSchema, lang, saveRouteName, record.formData, partNames],
  );

  // A refused submit's messages follow a change of language (they were made in the old one): the summary at once,
  // the fields' own messages by validating again (without moving the focus, as a real submit does).
  const formRef = useRef<Form>(null);
  const rewording = useRef(false);
  // The language the shown messages were made in: the effect below runs with every edit, and words again only on a new one.
  const wordedIn = useRef(lang);
  const formData = record.formData;
  useEffect(() => {
    if (wordedIn.current === lang) return;
    wordedIn.current = lang;
    if (!submitted) return;
    setProblems(validator.validateFormData(formData, schema, undefined, transformErrors).errors as FormError[]);
    rewording.current = true;
    formRef.current?.validateForm();
    const done = setTimeout(() => {
      rewording.current = false;
    });
    return () => {
      clearTimeout(done);
      rewording.current = false;
    };
  }, [lang, submitted, validator, formData, schema, transformErrors]);

  const showProblems = (errors: RJSFValidationError[]) => {
    setProblems(errors as FormError[]);
    setFocusTick((n) => n + 1);
  };

  return (
    <Form
      ref={formRef}
      className="form form--wide record-form"
      schema={schema}
      uiSchema={uiSchema}
      formData={record.formData}
      formContext={formContext}
      validator={validator}
      widgets={rjsfWidgets}
      fields={rjsfFields}
      templates={templates}
      translateString={translate}
      noHtml5Validate
      experimental_defaultFormStateBehavior={DEFAULTS}
      showErrorList={false}
      liveValidate={submitted ? 'onChange' : undefined}
      transformErrors={transformErrors}
      extraErrors={record.serverErrors as never}
      focusOnFirstError={false}
      onChange={(e) => {
        const next = (e.formData ?? {}) as Record<string, unknown>;
        record.setFormData(derivations.length ? applyDerivations(record.formData, next, derivations) : next);
        if (submitted) setProblems((e.errors ?? []) as FormError[]);
      }}
      onError={(errors) => {
        setSubmitted(true);
        if (rewording.current) setProblems(errors as FormError[]);
        else showProblems(errors);
      }}
      onSubmit={(e) => {
        setProblems([]);
        void record.save((e.formData ?? {}) as Record<string, unknown>);
      }}
      disabled={record.saving}
    >
      {problems.length > 0 && (
        <div ref={summaryRef} tabIndex={-1} className="notice notice--error" role="alert">
          <p>{summaryHeading(problems, lang, t)}</p>
          <ul>
            {[...new Set(problems.map((p) => p.stack))].map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="form__actions">
        <button type="submit" className="button" disabled={record.saving}>
          {record.saving ? t('common.saving') : t('common.save')}
        </button>
        {record.dirty && <span className="field__hint">{t('screen.unsavedHint')}</span>}
      </div>
    </Form>
  );
}

/** The summary's heading fits its errors: missing values only, wrong values only, or both. */
function summaryHeading(problems: FormError[], lang: 'tr' | 'en', t: (key: string) => string): string {
  const missing = problems.filter((p) => p.name === 'required').length;
  if (missing === problems.length) return statusMessage('required_fields', lang);
  return missing ? t('screen.fixAndFill') : t('screen.fixErrors');
}
