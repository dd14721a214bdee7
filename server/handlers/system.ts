import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../http/api-error.ts';
import { migrationFiles } from '../db/migrate.ts';
import { wdmDocuments } from '../services/layer-store.ts';
import type { HandlerSet } from './types.ts';
import type { LayerWdmGetResponse } from '../../src/generated/types/routes.ts';

/** The product's version (package.json): the application's and the clinical application's last version. */
export const VERSION = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
const SCHEMA_VERSION = migrationFiles().length;

export const systemHandlers: HandlerSet = {
  application_version: async () => ({ version: VERSION, schema_version: SCHEMA_VERSION }),

  date_datetime: async () => {
    const now = new Date();
    return { datetime: now.toISOString(), timestamp: now.getTime(), timezone: Intl.DateTimeFormat().resolvedOptions().timeZone };
  },

  layer_wdm_get: async ({ layer_code_list }, { db }) => {
    const codes = [...new Set(layer_code_list.split(','))];
    if (codes.length > 20) throw new ApiError('invalid_input', { details: 'layer_code_list: at most 20 codes' });
    return { layer_wdm_list: (await wdmDocuments(db, codes)) as LayerWdmGetResponse['layer_wdm_list'] };
  },
};
