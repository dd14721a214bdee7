// A tree layer browsed level by level: each record with the records under it (read when opened), its name opening
// the form, and "Add under" for a new record in its place. Plain nested lists of buttons: Tab and Enter reach all.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { Notice, useErrorText, useLoad } from '../../app/ui';
import { layerRecordName } from '../../domain/layer-record';
import { dbDataGet } from '../../generated/client';
import type { DataLayer, LayerRecord } from '../../generated/types/entities';

/** A level shows at most this many records (the list pages through any number). */
const LEVEL_SIZE = 100;

interface TreeProps {
  layer: DataLayer;
  onOpen: (record: LayerRecord) => void;
  onAddUnder: (parent: LayerRecord) => void;
}

function Level({ layer, parent, onOpen, onAddUnder }: TreeProps & { parent?: LayerRecord }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const load = useCallback(
    () =>
      dbDataGet({ layer_code: layer.layer_code, sort: 'position', page_size: LEVEL_SIZE, ...(parent ? { parent_record_id: parent.record_id } : { top_level: true }) }).then(
        (a) => a.record_list,
      ),
    [layer.layer_code, parent],
  );
  const level = useLoad(load);
  if (level.error !== null) return <Notice>{errorText(level.error)}</Notice>;
  if (!level.data) return <p role="status">{t('app.loading')}</p>;
  if (!parent && level.data.length === 0) return <p>{t('database.treeEmpty')}</p>;
  return (
    <ul className="database__level">
      {level.data.map((r) => (
        <Node key={r.record_id} layer={layer} record={r} onOpen={onOpen} onAddUnder={onAddUnder} />
      ))}
    </ul>
  );
}

function Node({ layer, record, onOpen, onAddUnder }: TreeProps & { record: LayerRecord }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [open, setOpen] = useState(false);
  const name = layerRecordName(layer, record.record as never, lang) || t('database.unnamed');
  return (
    <li className="database__node">
      <div className="database__row">
        {record.child_count > 0 ? (
          <button
            type="button"
            className="database__toggle"
            aria-expanded={open}
            aria-label={t(open ? 'database.collapse' : 'database.expand', { name })}
            onClick={() => setOpen((o) => !o)}
          >
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
          </button>
        ) : (
          <span className="database__toggle" aria-hidden="true" />
        )}
        <button type="button" className="database__open" onClick={() => onOpen(record)}>
          {name}
        </button>
        {record.child_count > 0 && <span className="database__count">{t('database.childCount', { count: record.child_count })}</span>}
        {!layer.is_system && (
          <button type="button" className="button button--small button--secondary" onClick={() => onAddUnder(record)}>
            {t('database.addUnder', { name })}
          </button>
        )}
      </div>
      {open && <Level layer={layer} parent={record} onOpen={onOpen} onAddUnder={onAddUnder} />}
    </li>
  );
}

export function LayerTree(props: TreeProps) {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="tree-title">
      <h2 id="tree-title">{t('database.tree')}</h2>
      <Level {...props} />
    </section>
  );
}
