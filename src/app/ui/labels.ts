// Contract labels in the language the user is reading now.
import { useCallback } from 'react';
import { authCodeLabel } from '../../domain/auth-codes';
import { useActiveLabel } from '../router/hooks';

/** An auth code's name ("Shop administrator"), never the code itself. */
export function useAuthCodeLabel(): (code: string) => string {
  const lang = useActiveLabel();
  return useCallback((code: string) => authCodeLabel(code, lang), [lang]);
}
