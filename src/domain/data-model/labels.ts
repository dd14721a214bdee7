// The label ids of a data model's texts, as the clinical label-translation call (spec section 7: lang and label
// ids → result.wdm16_list) addresses them: `<model id>` the title, `<model id>.g.<group code>` a group,
// `<model id>.p.<parameter code>` a parameter, `<model id>.p.<parameter code>.<option value>` an option (an
// option whose value is not a label id's characters has no id). One text per id and language.
import type { DataModel, LocalizedText } from '../../generated/types/entities';
import { labelTranslationRequestRules } from '../../generated/field-rules';
import { textRows } from './translations';
import { findParameter } from './document';

const LABEL_ID = new RegExp(labelTranslationRequestRules.label_id_list.items.pattern);
const MAX_ID = labelTranslationRequestRules.label_id_list.items.maxLength;

/** Every label id of the model with its texts. */
export function modelLabels(modelId: string, doc: DataModel): Map<string, LocalizedText> {
  const labels = new Map<string, LocalizedText>();
  for (const row of textRows(doc)) {
    const t = row.target;
    const id =
      t.kind === 'title'
        ? modelId
        : t.kind === 'group'
          ? `${modelId}.g.${t.group}`
          : t.kind === 'parameter'
            ? `${modelId}.p.${t.parameter}`
            : `${modelId}.p.${t.parameter}.${findParameter(doc, t.parameter)?.parameter.option_list?.[t.option]?.value ?? ''}`;
    if (LABEL_ID.test(id) && !id.endsWith('.') && id.length <= MAX_ID) labels.set(id, row.texts);
  }
  return labels;
}

/** The model a label id belongs to: its first part. */
export const modelOfLabel = (labelId: string): string => labelId.split('.')[0];
