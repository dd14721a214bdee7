// db (admin): the data layers (docs/decisions.md "What is a data layer"). Choose a layer; browse a tree layer level
// by level; list, search and filter its records on the server; open a record in a form generated from the layer's
// parameters; create, delete; download the Excel template and import a workbook as a background process, followed
// on the process page. A system layer (frd) is shown read-only.
import { useCallback, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useActiveLabel } from '../../app/router/hooks';
import { usePagePath } from '../shared/hooks';
import type { PageProps } from '../../app/router/registry';
import { Notice, SelectField, useErrorText, useLoad } from '../../app/ui';
import { saveDownloadFile } from '../../app/ui/download';
import { base64Of } from '../../app/ui/upload';
import { dbLayerList, dbLayerTemplate, systemUpdateByExcel } from '../../generated/client';
import type { LayerRecord } from '../../generated/types/entities';
import { LayerTree } from './LayerTree';
import { RecordForm, type Editing } from './RecordForm';
import { RecordList } from './RecordList';
import './strings';
import './database.css';

/** Where the import's progress is shown (the process page of issue 13, part "jobs"). */

/** What the last action did, worded at display (a change of language rewords it). */
type Message = 'saved' | 'deleted' | 'importStarted' | null;

export default function DatabasePage({ page }: PageProps) {
  const { t } = useTranslation();
  const processPath = usePagePath('processes');
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [reloads, setReloads] = useState(0);
  const layers = useLoad(useCallback(() => dbLayerList({}).then((a) => a.layer_list), []));
  const [chosen, setChosen] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const layer = layers.data?.find((l) => l.layer_code === chosen) ?? layers.data?.[0];

  const choose = (code: string) => {
    setChosen(code);
    setEditing(null);
    setMessage(null);
  };
  const open = (e: Editing) => {
    setMessage(null);
    setEditing(e);
  };
  const done = (outcome: Message) => {
    setEditing(null);
    setMessage(outcome);
    setReloads((n) => n + 1);
    layers.retry();
  };

  const downloadTemplate = async () => {
    if (!layer) return;
    setFailure(null);
    try {
      saveDownloadFile((await dbLayerTemplate({ layer_code: layer.layer_code })).file);
    } catch (err) {
      setFailure(err);
    }
  };

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !layer) return;
    setFailure(null);
    setMessage(null);
    setBusy(true);
    try {
      await systemUpdateByExcel({ layer_code: layer.layer_code, excel_file: { file_name: file.name, content_base64: await base64Of(file) } });
      setMessage('importStarted');
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="page database" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {layers.error !== null && (
        <Notice>
          {t('database.loadFailed')} {errorText(layers.error)}{' '}
          <button type="button" className="button button--small button--secondary" onClick={layers.retry}>
            {t('database.retry')}
          </button>
        </Notice>
      )}
      {!layers.data && layers.loading && <p role="status">{t('app.loading')}</p>}
      {layers.data?.length === 0 && <p>{t('database.noLayers')}</p>}
      {layer && (
        <>
          <div className="database__head">
            <SelectField
              label={t('database.layer')}
              name="layer_code"
              value={layer.layer_code}
              onValue={choose}
              hint={t('database.layerHint')}
              options={(layers.data ?? []).map((l) => ({ value: l.layer_code, label: `${l.layer_name[lang]} (${t('database.recordCount', { count: l.record_count ?? 0 })})` }))}
            />
            <div className="form__actions database__actions">
              {!layer.is_system && (
                <button type="button" className="button" onClick={() => open({})}>
                  {t('database.newRecord')}
                </button>
              )}
              <button type="button" className="button button--secondary" onClick={downloadTemplate}>
                {t('database.template')}
              </button>
              {!layer.is_system && (
                <label className={`button button--secondary database__import${busy ? ' is-busy' : ''}`}>
                  {t('database.import')}
                  <input type="file" accept=".xlsx,.xls" className="database__file" onChange={importFile} disabled={busy} />
                </label>
              )}
            </div>
            {!layer.is_system && <p className="field__hint">{t('database.importHint')}</p>}
          </div>
          {layer.is_system && <Notice kind="info">{t('database.systemLayer')}</Notice>}
          {failure !== null && <Notice>{errorText(failure)}</Notice>}
          {message && (
            <Notice kind="success">
              {t(`database.${message}`)} {message === 'importStarted' && processPath && <Link to={processPath}>{t('database.importProgress')}</Link>}
            </Notice>
          )}
          {editing && (
            <RecordForm
              key={editing.record ? `${editing.record.record_id}:${editing.record.row_version}` : (editing.parent?.record_id ?? 'new')}
              layer={layer}
              editing={editing}
              onDone={done}
              onLatest={(record) => {
                setEditing(record ? { record } : null);
                setReloads((n) => n + 1);
              }}
              onClose={() => setEditing(null)}
            />
          )}
          <div className="database__views">
            {layer.is_tree && (
              <LayerTree
                key={`${layer.layer_code}:${reloads}`}
                layer={layer}
                onOpen={(record: LayerRecord) => open({ record })}
                onAddUnder={(parent: LayerRecord) => open({ parent })}
              />
            )}
            <RecordList key={layer.layer_code} layer={layer} reloads={reloads} onOpen={(record) => open({ record })} />
          </div>
        </>
      )}
    </article>
  );
}
