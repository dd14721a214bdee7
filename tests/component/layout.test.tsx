import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { logIn, setBodyWidth, startApp } from './support/app-fixtures';

const menuToggle = () => screen.getByRole('button', { name: 'Menü' });
const menu = () => screen.queryByRole('navigation', { name: 'Ana menü' });

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

async function boot(width: number) {
  setBodyWidth(width);
  await startApp('/');
  await screen.findByRole('heading', { name: 'Ana sayfa' });
}

describe('layout', () => {
  it('is mobile at body width 752 (752 − 3 < 750): the menu starts closed and opens with the toggle', async () => {
    const user = userEvent.setup();
    await boot(752);

    expect(menu()).not.toBeInTheDocument();
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuToggle());
    expect(menu()).toBeInTheDocument();
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'true');

    // Choosing a page closes the drawer.
    await user.click(within(menu()!).getByRole('link', { name: 'Projeler' }));
    expect(await screen.findByRole('heading', { name: 'Projeler' })).toBeInTheDocument();
    expect(menu()).not.toBeInTheDocument();
  });

  it('closes the mobile menu with Escape', async () => {
    const user = userEvent.setup();
    await boot(500);
    await user.click(menuToggle());
    expect(menu()).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(menu()).not.toBeInTheDocument();
  });

  it('is desktop at body width 753: the menu starts open and the toggle closes it', async () => {
    const user = userEvent.setup();
    await boot(753);

    expect(menu()).toBeInTheDocument();
    expect(menuToggle()).toHaveAttribute('aria-expanded', 'true');
    await user.click(menuToggle());
    expect(menu()).not.toBeInTheDocument();
  });

  it('re-evaluates on resize and when the page becomes visible again', async () => {
    await boot(1280);
    expect(menu()).toBeInTheDocument();

    setBodyWidth(700);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(menu()).not.toBeInTheDocument();

    // While hidden, nothing is re-evaluated; on becoming visible it is.
    setBodyWidth(1280);
    setVisibility('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(menu()).not.toBeInTheDocument();
    setVisibility('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(menu()).toBeInTheDocument();
  });

  it('keeps a user-closed menu closed on a resize that does not change the device class', async () => {
    const user = userEvent.setup();
    await boot(1280);
    await user.click(menuToggle());

    setBodyWidth(1100);
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(menu()).not.toBeInTheDocument();
  });

  it('offers a skip link to the main region and themes from the configuration colours', async () => {
    await boot(1280);
    const skip = screen.getByRole('link', { name: 'İçeriğe geç' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const style = document.documentElement.style;
    expect(style.getPropertyValue('--sema-sidebar-bg')).toBe('#1f2a44');
    expect(style.getPropertyValue('--sema-accent')).toBe('#2f6fde');
  });

  it('nests child pages under a disclosure button', async () => {
    const user = userEvent.setup();
    logIn();
    await boot(1280);
    const nav = within(menu()!);
    expect(nav.queryByRole('link', { name: 'Alışveriş Sepeti' })).not.toBeInTheDocument();

    const expand = nav.getByRole('button', { name: 'Mağaza alt sayfalarını göster' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);

    expect(nav.getByRole('button', { name: 'Mağaza alt sayfalarını gizle' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Alışveriş Sepeti' })).toHaveAttribute('href', '/kullanici-alisverissepeti');
    expect(nav.getByRole('link', { name: 'Siparişler' })).toBeInTheDocument();
    expect(nav.queryByRole('link', { name: 'Ödeme' })).not.toBeInTheDocument(); // not a menu page
  });

  it('opens the sub-menu holding the current page and marks the page', async () => {
    logIn();
    setBodyWidth(1280);
    await startApp('/kullanici-destek-talepleri');
    await screen.findByRole('heading', { name: 'Destek Talepleri' });

    const nav = within(menu()!);
    expect(nav.getByRole('button', { name: 'Mağaza alt sayfalarını gizle' })).toHaveAttribute('aria-expanded', 'true');
    expect(nav.getByRole('link', { name: 'Destek Talepleri' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Mağaza' })).not.toHaveAttribute('aria-current');
  });
});
