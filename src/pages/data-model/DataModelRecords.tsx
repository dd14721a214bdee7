// data_model_records: the records of one data model (`?data_model_id=…`). The list is the generic screen
// data_model_record (columns, filters, paging, delete; its rows and "New record" open the recording page). This
// page adds what a generic list cannot: the model named above it, and the server's export — CSV or Excel,
// de-identified on request — which follows the list's version and date filters.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { dataModelGet } from '../../generated/client/data_model';
import type { DataModel } from '../../generated/types/entities';
import { nameOf } from '../../domain/data-model/document';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { Notice } from '../../app/ui';
import { ScreenView } from '../../../renderers/generic/GenericScreen';
import { screenOfPage } from '../../../renderers/generic/context';
import '../../../renderers/data-model-form/strings';
import { usePagePath } from '../shared/hooks';
import { MODEL_PARAM, withModel } from './params';
import { RecordExportDialog } from './RecordExportDialog';
import './data-model-pages.css';

const LIST = { id: 'data_model_record', view: 'list' } as const;

export default function DataModelRecordsPage({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [query] = useSearchParams();
  const dataModelId = query.get(MODEL_PARAM);
  const designerPath = usePagePath('data_model_designer');
  const modelsPath = usePagePath('data_models');
  const [model, setModel] = useState<DataModel | null>(null);
  const [exporting, setExporting] = useState<Record<string, string> | null>(null);
  const [exported, setExported] = useState<number | null>(null);

  // The model's name above its records; a model the caller may not read is refused by the list itself.
  useEffect(() => {
    setModel(null);
    if (!dataModelId) return;
    let live = true;
    dataModelGet({ data_model_id: dataModelId }).then(
      (answer) => live && setModel(answer.data_model),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [dataModelId]);

  const title = page.caption[lang];
  const designerLink = designerPath && dataModelId ? withModel(designerPath, dataModelId) : null;

  return (
    <article className="page page--screen" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {modelsPath && (
        <p className="screen__back">
          <Link to={modelsPath}>{t('records.toModels')}</Link>
        </p>
      )}
      {model && (
        <p className="dm-page__model">
          <strong>{nameOf(model.title, lang, '')}</strong>
          {' · '}
          {model.published_version ? t('records.published', { version: model.published_version }) : t('records.unpublished')}
          {designerLink && (
            <>
              {' · '}
              <Link to={designerLink}>{t('records.toDesigner')}</Link>
            </>
          )}
        </p>
      )}
      {exported !== null && <Notice kind="success">{t('records.export.done', { count: exported })}</Notice>}
      <ScreenView
        screenRef={screenOfPage(page) ?? LIST}
        title={title}
        tools={
          dataModelId
            ? (list) => (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={!list.loaded || list.total === 0}
                  onClick={() => {
                    setExported(null);
                    setExporting(list.query.filters);
                  }}
                >
                  {t('records.export.open')}
                </button>
              )
            : undefined
        }
      />
      {exporting && dataModelId && (
        <RecordExportDialog
          dataModelId={dataModelId}
          filters={exporting}
          onCancel={() => setExporting(null)}
          onDone={(count) => {
            setExporting(null);
            setExported(count);
          }}
        />
      )}
    </article>
  );
}
