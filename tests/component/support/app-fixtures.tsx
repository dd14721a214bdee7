// Boots the real app (real transport, real router) at a path, as main.tsx does, and renders it.
import { act, render } from '@testing-library/react';
import { App } from '../../../src/app/App';
import { boot, type BootOptions } from '../../../src/app/boot/boot';
import { useAppStore, type SessionState } from '../../../src/app/store';
import { account } from './account';
import { trackRouter } from './dom';

export { setBodyWidth } from './dom';
export { tenant } from './handlers';

export async function startApp(path = '/', options?: BootOptions) {
  window.history.replaceState(null, '', path);
  const result = await boot(options);
  if (result.ok) trackRouter(result.router);
  const view = render(<App result={result} />);
  return { result, ...view };
}

/** A logged-in session put straight into the store (not in browser storage); the fake server accepts its token. */
export function logIn(authCodes: SessionState['authCodes'] = [], accessToken = 'test-access-token'): void {
  account.accessTokens.add(accessToken);
  account.authCodes = authCodes;
  act(() =>
    useAppStore.getState().setSession({
      user: { username: 'ayse' },
      token: { token_type: 'bearer', access_token: accessToken, expires_in: 3600 },
      authCodes,
    }),
  );
}
