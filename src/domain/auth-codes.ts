// The auth codes of the contract (schemas/enums.json) and their names in each language.
import { authCode } from '../generated/enums/authCode';
import type { AuthCode } from '../generated/types/entities';
import { enumEntryLabel, type Lang } from './language';

export const AUTH_CODES: readonly AuthCode[] = authCode.values;

export const authCodeLabel = (code: string, lang: Lang): string => enumEntryLabel(authCode, code, lang);
