// The query names of the data-model pages, apart from the pages so that a link to one does not load it.
/** The model: the designer, the records list and the recording page take it. */
export const MODEL_PARAM = 'data_model_id';
/** The record on the recording page: the generic screen data_model_record's key, so its list rows link there by name. */
export const RECORD_PARAM = 'data_model_record_id';

/** A page's path with the model (and record) in its query. */
export const withModel = (path: string, dataModelId: string, recordId?: string): string =>
  `${path}?${new URLSearchParams({ [MODEL_PARAM]: dataModelId, ...(recordId ? { [RECORD_PARAM]: recordId } : {}) })}`;
