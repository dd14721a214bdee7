// The cycle at a glance: a grid of the cycle's days (columns) by the lines (rows), a mark on each day a line
// applies, so a pharmacist reads the regimen as on a paper chart. A table (read cell by cell too) in a region
// that scrolls sideways on a phone.
import { useTranslation } from 'react-i18next';
import { enumLabel, TableRegion } from '../../src/app/ui';
import { protocolItemType } from '../../src/generated/enums/protocolItemType';
import type { Lang } from '../../src/domain/language';
import { lineSummary } from './lines';
import { useEditor } from './store';

export function Timeline({ lang }: { lang: Lang }) {
  const { t } = useTranslation();
  const doc = useEditor((s) => s.doc);
  const length = doc.cycle_length_days ?? Math.max(1, ...doc.drug_list.flatMap((l) => l.day_list));
  const days = Array.from({ length }, (_, i) => i + 1);
  return (
    <section className="protocol-section" aria-labelledby="protocol-timeline-title">
      <h2 id="protocol-timeline-title">{t('protocol.timeline.title')}</h2>
      <p className="field__hint">{t('protocol.timeline.hint', { count: doc.cycle_count ?? 1, days: length })}</p>
      <TableRegion label={t('protocol.timeline.grid')}>
        <table className="protocol-timeline">
          <thead>
            <tr>
              <th scope="col">{t('protocol.timeline.line')}</th>
              {days.map((d) => (
                <th key={d} scope="col" aria-label={t('protocol.days.day', { day: d })}>
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {doc.drug_list.map((l) => (
              <tr key={l.item_id} className={`protocol-timeline__row protocol-timeline__row--${l.item_type}`}>
                <th scope="row">
                  <span className="protocol-timeline__kind">{enumLabel(protocolItemType, l.item_type, lang)}</span> {lineSummary(l, lang) || t('protocol.lines.unnamed')}
                </th>
                {days.map((d) => (
                  <td key={d} className={l.day_list.includes(d) ? 'protocol-timeline__on' : undefined}>
                    {l.day_list.includes(d) ? (
                      <>
                        <span aria-hidden="true">●</span>
                        <span className="visually-hidden">{t('protocol.timeline.on', { day: d })}</span>
                      </>
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}
