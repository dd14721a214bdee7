// The protocol's versions (newest first: status, when, who saved) and, under each, the changes beyond the
// warning percent someone confirmed when saving it: drug, before → after, percent, who and when.
import { useTranslation } from 'react-i18next';
import { enumLabel, formatDate } from '../../src/app/ui';
import { dataModelStatus } from '../../src/generated/enums/dataModelStatus';
import type { Lang } from '../../src/domain/language';
import { ChangeList } from './ChangeList';
import type { Confirmation, VersionEntry } from './useProtocol';

export function Versions({ versions, confirmations, lang }: { versions: readonly VersionEntry[]; confirmations: readonly Confirmation[]; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <section className="protocol-section" aria-labelledby="protocol-versions-title">
      <h2 id="protocol-versions-title">{t('protocol.versions.title')}</h2>
      <ol className="protocol-versions">
        {versions.map((v) => (
          <li key={v.version}>
            <p>
              <strong>{t('protocol.versions.version', { version: v.version })}</strong> · {enumLabel(dataModelStatus, v.status, lang)} · {formatDate(v.published_at ?? v.created_at, lang, true)}
              {v.saved_by_username ? ` · ${t('protocol.versions.by', { user: v.saved_by_username })}` : ''}
            </p>
            {confirmations
              .filter((c) => c.version === v.version)
              .map((c) => (
                <div key={`${c.confirmed_by}${c.confirmed_at}`} className="protocol-versions__confirmed">
                  <p>{t('protocol.versions.confirmed', { user: c.confirmed_by, when: formatDate(c.confirmed_at, lang, true) })}</p>
                  <ChangeList changes={c.change_list} lang={lang} />
                </div>
              ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
