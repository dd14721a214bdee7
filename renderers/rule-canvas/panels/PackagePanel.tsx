// The Package tab: the package's name and description (typed here, saved with the draft; read-only for those
// who may not edit), its owner, global flag, status and version; the version list, where an older version
// opens read-only; and, for the owner, the users it is shared with (can edit, remove after asking, add).
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { formatDate } from '../../../src/app/ui';
import { SharingSection } from '../../../src/app/ui/SharingSection';
import { detailsProblem, type Details, type PackageState } from '../usePackage';

export function PackagePanel({ p }: { p: PackageState }) {
  return (
    <div className="rule-package">
      <DetailsSection p={p} />
      <VersionsSection p={p} />
      {p.canShare && <SharingSection className="rule-editor__section" words="rules.share" shares={p.shares ?? []} share={p.share} unshare={p.unshare} />}
    </div>
  );
}

function DetailsSection({ p }: { p: PackageState }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const id = useId().replace(/:/g, '');
  const pkg = p.pkg!;
  const details = p.details!;
  const editable = p.canEdit && !p.viewing;
  const problem = p.detailsDirty ? detailsProblem(details, pkg) : null;
  const set = (part: keyof Details, language: 'tr' | 'en', value: string) => p.setDetails({ ...details, [part]: { ...details[part], [language]: value } });
  const published = pkg.published_version ?? (pkg.status === 'published' ? pkg.version : undefined);

  const bilingual = (part: keyof Details) => (
    <fieldset className="rule-bilingual">
      <legend>{t(`rules.package.${part}`)}</legend>
      {(['tr', 'en'] as const).map((language) => {
        const field = `${id}-${part}-${language}`;
        const props = {
          id: field,
          className: 'field__input',
          value: details[part][language],
          maxLength: 1000,
          onChange: (e: { target: { value: string } }) => set(part, language, e.target.value),
          'aria-invalid': (problem === 'nameNeeded' && part === 'name') || (problem === 'descriptionNeeded' && part === 'description') ? true : undefined,
          'aria-describedby': problem ? `${id}-problem` : undefined,
        };
        return (
          <div key={language} className="field">
            <label htmlFor={field} className="field__label">
              {t(`rules.lang.${language}`)}
            </label>
            {part === 'description' ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
          </div>
        );
      })}
    </fieldset>
  );

  const text = (v: { tr?: string; en?: string } | undefined) => v?.[lang] || v?.[lang === 'tr' ? 'en' : 'tr'] || '';

  return (
    <section className="rule-editor__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="rule-editor__title">
        {t('rules.package.title')}
      </h2>
      {editable ? (
        <>
          {bilingual('name')}
          {bilingual('description')}
          {problem && (
            <p id={`${id}-problem`} className="field__error" role="alert">
              {t(`rules.details.${problem}`)}
            </p>
          )}
          <p className="field__hint">
            {p.detailsDirty ? `${t('rules.package.unsaved')} ` : ''}
            {pkg.status === 'published' ? t('rules.package.hintPublished', { version: pkg.version + 1 }) : t('rules.package.hint')}
          </p>
        </>
      ) : (
        <dl className="rule-facts">
          <div>
            <dt>{t('rules.package.name')}</dt>
            <dd>{text(pkg.name)}</dd>
          </div>
          <div>
            <dt>{t('rules.package.description')}</dt>
            <dd>{text(pkg.description) || t('rules.package.noDescription')}</dd>
          </div>
        </dl>
      )}
      <dl className="rule-facts">
        <div>
          <dt>{t('rules.package.owner')}</dt>
          <dd>{pkg.owner}</dd>
        </div>
        <div>
          <dt>{t('rules.package.global')}</dt>
          <dd>{pkg.is_global ? t('rules.package.globalYes') : t('rules.package.globalNo')}</dd>
        </div>
        <div>
          <dt>{t('rules.package.version')}</dt>
          <dd>{t('rules.status', { version: pkg.version, status: t(`rules.packageStatus.${pkg.status}`) })}</dd>
        </div>
        <div>
          <dt>{t('rules.package.published')}</dt>
          <dd>{published ? t('rules.versions.item', { version: published }) : t('rules.package.notPublished')}</dd>
        </div>
      </dl>
    </section>
  );
}

function VersionsSection({ p }: { p: PackageState }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const id = useId().replace(/:/g, '');
  const pkg = p.pkg!;
  const shown = p.viewing?.version ?? pkg.version;
  return (
    <section className="rule-editor__section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('rules.versions.title')}</h3>
      {pkg.is_global && !p.canEdit && <p className="field__hint">{t('rules.versions.publishedOnly')}</p>}
      <ol className="outlined-rows">
        {p.versions.map((v) => {
          const here = v.version === shown;
          return (
            <li key={v.version} className={`outlined-row rule-version${here ? ' rule-version--shown' : ''}`} aria-current={here ? 'true' : undefined}>
              <div className="rule-version__text">
                <strong>{t('rules.versions.item', { version: v.version })}</strong> <span className={`rule-status rule-status--${v.status}`}>{t(`rules.packageStatus.${v.status}`)}</span>
                <span className="rule-version__meta">
                  {t('rules.versions.created', { date: formatDate(v.created_at, lang, true) })}
                  {v.saved_by_username ? ` · ${t('rules.versions.savedBy', { user: v.saved_by_username })}` : ''}
                  {v.published_at ? ` · ${t('rules.versions.published', { date: formatDate(v.published_at, lang, true) })}` : ''}
                </span>
                {here && <span className="rule-version__meta">{v.version === pkg.version ? t('rules.versions.editing') : t('rules.versions.shown')}</span>}
              </div>
              {!here && (
                <button
                  type="button"
                  className="button button--secondary button--small"
                  onClick={() => void p.openVersion(v.version)}
                  disabled={p.busy !== null}
                  aria-label={v.version === pkg.version ? t('rules.versions.back', { version: v.version }) : t('rules.versions.openLabel', { version: v.version })}
                >
                  {v.version === pkg.version ? t('rules.versions.backShort') : t('rules.versions.open')}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

