// A workbook chosen in the browser: refused before it is sent when its name is not .xls/.xlsx or it is larger
// than the 10 MB the project-save and credit calls take (their excel_file content is at most 10 MB before
// encoding), with the server's own words; otherwise read as the calls' excel_file (base64).
import { base64Of } from '../../app/ui/upload';
import { extensionOf } from '../../domain/document-limits';
import { fileSizeNotEligible, invalidFileType, type StatusEntry } from '../../generated/errors';
import type { WanalyzerProjectSaveRequest } from '../../generated/types/routes';

export const EXCEL_LIMIT_BYTES = 10 * 1024 * 1024;
export const EXCEL_ACCEPT = '.xlsx,.xls';

export type ExcelFile = NonNullable<WanalyzerProjectSaveRequest['excel_file']>;

/** Why this file is refused before reading it (the server's refusal for it), if it is. */
export function excelRefusal(file: Pick<File, 'name' | 'size'>): StatusEntry | undefined {
  if (!['xls', 'xlsx'].includes(extensionOf(file.name))) return invalidFileType;
  if (file.size > EXCEL_LIMIT_BYTES) return fileSizeNotEligible;
  return undefined;
}

/** The file as the calls send it. */
export const readExcelFile = async (file: File): Promise<ExcelFile> => ({ file_name: file.name, content_base64: await base64Of(file) });
