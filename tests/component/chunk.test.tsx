import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { ChunkLoadError } from '../../src/app/router/chunk';
import type { PageLoader } from '../../src/app/router/registry';
import { startApp } from './support/app-fixtures';

const realPage404: PageLoader = () => import('../../src/pages/Page404');

describe('lazy page chunks', () => {
  it('shows a bilingual, recoverable error when a chunk fails, and Retry loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const loader = vi
      .fn<PageLoader>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/Page404-x1.js'))
      .mockImplementation(realPage404);
    const user = userEvent.setup();
    await startApp('/olmayan-sayfa', { pageLoaders: { Page404: loader } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Bu sayfa yüklenemedi');
    expect(alert).toHaveTextContent('Sayfanın dosyası bulunamadı');
    expect(screen.getByRole('link', { name: 'Sayfayı yeniden yükle' })).toHaveAttribute('href', window.location.href);
    // The layout stays usable around the error.
    expect(screen.getByRole('navigation', { name: 'Ana menü' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Tekrar dene' }));

    expect(await screen.findByRole('heading', { name: 'Sayfa Bulunamadı' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('tells a timed-out chunk apart, in the active language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('active_lang', JSON.stringify({ label: 'en', value: 1 }));
    const loader = vi.fn<PageLoader>().mockRejectedValue(new ChunkLoadError('timeout'));
    await startApp('/nowhere', { pageLoaders: { Page404: loader } });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page could not be loaded');
    expect(alert).toHaveTextContent('did not arrive within 120 seconds');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('renders the generic page for a route view that has no component', async () => {
    // Every page of the catalogue has its component now: a build without the search frame's stands in.
    await startApp('/kullanici-proje/wai-arama-cerceve', { pageLoaders: { WaiSearchIframe: undefined as unknown as PageLoader } });
    expect(await screen.findByRole('heading', { name: 'WAI Arama' })).toBeInTheDocument();
    expect(screen.getByText('Bu sayfanın içeriği henüz yok.')).toBeInTheDocument();
  });
});
