// The idle sign-out's warning (issue 11: the idle logout shows a warning a minute before): the page knows the
// site's idle time (tenant session settings) and when the last call was made, in this tab or another; a minute
// before the time runs out it asks, "Stay signed in" makes a call (activity for the server) and the warning
// goes; when the time has run out, the page goes to the logout page.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeAll } from 'vitest';
import userEvent from '@testing-library/user-event';
import { noteCall } from '../../src/app/idle';
import { account, callsTo, storeSession } from './support/account';
import { startApp } from './support/app-fixtures';

const MINUTE = 60_000;

/** Waits until the page's start-up calls are over (no new call for a moment): each one is activity. */
async function settled(): Promise<void> {
  let seen = -1;
  await waitFor(
    () => {
      const now = account.calls.length;
      const quiet = now === seen;
      seen = now;
      expect(quiet).toBe(true);
    },
    { interval: 150, timeout: 3000 },
  );
}

describe('the idle warning', () => {
  // The dialog is a lazy chunk: compiled here once, before any wait is timed (beside another full run its first
  // compile passed the 5 s a findBy waits).
  beforeAll(() => import('../../src/app/layout/IdleWarning'));

  it('warns a minute before the idle sign-out, counts down, and a click keeps the login', async () => {
    account.idleMinutes = 5;
    storeSession({ authCodes: ['admin'] });
    const user = userEvent.setup();
    await startApp('/ayarlar');
    await screen.findByRole('heading', { level: 1, name: 'Ayarlar' });
    await waitFor(() => expect(callsTo('tenant_session_settings_get')).toHaveLength(1));
    await settled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    // The last call was 4½ minutes ago (in another tab, say): half a minute is left.
    act(() => noteCall(Date.now() - 4.5 * MINUTE));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Hâlâ burada mısınız?' }));
    expect(dialog.getByText(/^Bir süredir işlem yapılmadığı için (30|29) saniye içinde oturumunuz kapatılacak\.$/)).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Oturumu açık tut' })).toHaveFocus());

    const checks = callsTo('user_user_controller').length;
    await user.click(dialog.getByRole('button', { name: 'Oturumu açık tut' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsTo('user_user_controller').length).toBe(checks + 1);
    expect(window.location.pathname).toBe('/ayarlar');
  });

  it('when the time has run out, goes to the logout page; a visitor is never warned', async () => {
    account.idleMinutes = 5;
    storeSession({ authCodes: ['admin'] });
    await startApp('/ayarlar');
    await screen.findByRole('heading', { level: 1, name: 'Ayarlar' });
    await settled();
    act(() => noteCall(Date.now() - 5 * MINUTE - 1000));
    // The logout page tells the server and forgets the session here.
    await waitFor(() => expect(callsTo('logout')).toHaveLength(1));
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    // Signed out, nothing is left to warn about.
    act(() => noteCall(Date.now() - 4.5 * MINUTE));
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
