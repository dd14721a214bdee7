// Changes beyond a protocol's warning percent in words: what changed (a drug's dose or a line's duration, the
// cycle length, the cycle count), before → after and by how much. The save's confirmation and the history.
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../src/domain/language';
import type { Change } from './useProtocol';

export function ChangeList({ changes, lang }: { changes: readonly Change[]; lang: Lang }) {
  const { t } = useTranslation();
  const n = (x: number) => x.toLocaleString(lang === 'tr' ? 'tr-TR' : 'en-GB', { maximumFractionDigits: 2 });
  return (
    <ul className="protocol-changes">
      {changes.map((c) => (
        <li key={`${c.field}${c.item_id ?? ''}`}>
          {t(`protocol.changes.${c.field}`, { drug: c.drug_name ?? t('protocol.lines.unnamed') })}: {n(c.before)} → {n(c.after)} ({t('protocol.changes.percent', { percent: n(c.percent) })})
        </li>
      ))}
    </ul>
  );
}
