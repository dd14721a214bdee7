// @vitest-environment-options {"url": "http://clinical.localhost:3000/"}
// The clinical tenant is picked by its host: English by default, no shop, the clinical (rule engine) pages,
// accounts made elsewhere.
import { screen, within } from '@testing-library/react';
import { startApp } from './support/app-fixtures';

describe('boot on the clinical tenant (clinical.localhost)', () => {
  it('boots in English and redirects / to its dashboard', async () => {
    await startApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/dashboard');
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Sema Clinical');
    expect(screen.getByText(/Clinical decision support/)).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    // The dashboard first; the rule engine's package list (a clinical page: this site has clinical_function 1) needs a sign-in.
    expect(within(menu).getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', 'Projects', 'Help']); // Help's pages (About, FAQ…) fold under it
    // English is offered first on this site.
    expect(within(screen.getByRole('combobox', { name: 'Language' })).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'English',
      'Türkçe',
    ]);
    expect(document.documentElement.style.getPropertyValue('--sema-accent')).toBe('#13827b');
    expect(JSON.parse(localStorage.getItem('active_lang')!)).toEqual({ label: 'en', value: 1 });
  });

  it('has no shop pages (shop_function 0): they are unreachable and land on page404', async () => {
    await startApp('/shop');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/page-not-found');
    expect(screen.queryByRole('link', { name: 'Shop' })).not.toBeInTheDocument();
  });

  it('has /login but no /register (login_function_external 1)', async () => {
    const first = await startApp('/register');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    first.unmount();

    await startApp('/login');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });
});
