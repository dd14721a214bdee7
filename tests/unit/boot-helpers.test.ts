import { initialLanguage, offeredLanguages } from '../../src/app/boot/languages';
import { siteDomain, commonParams } from '../../src/api/http-transport';
import { deviceOf } from '../../src/app/store/layout';
import { resetAppStore, useAppStore } from '../../src/app/store';

describe('languages at start-up', () => {
  const layer = [
    { label: 'tr', value: 0 },
    { label: 'en', value: 1 },
  ] as const;

  it('offers the configuration values in its order, labelled by the frd layer', () => {
    expect(offeredLanguages([1, 0], [...layer])).toEqual([
      { label: 'en', value: 1 },
      { label: 'tr', value: 0 },
    ]);
    expect(offeredLanguages([0], undefined)).toEqual([{ label: 'tr', value: 0 }]);
  });

  it('starts with the stored choice when offered, else the default', () => {
    const list = [...layer];
    expect(initialLanguage(list, { label: 'en', value: 1 }, 0)).toEqual({ label: 'en', value: 1 });
    expect(initialLanguage([layer[0]], { label: 'en', value: 1 }, 0)).toEqual({ label: 'tr', value: 0 });
    expect(initialLanguage(list, null, 1)).toEqual({ label: 'en', value: 1 });
  });
});

describe('transport helpers', () => {
  it('drops a leading www from the host', () => {
    expect(siteDomain('www.Example.com')).toBe('example.com');
    expect(siteDomain('clinical.localhost')).toBe('clinical.localhost');
  });

  it('leaves out the parameters not known yet', () => {
    const params = commonParams({ accessToken: null, currency: null, language: null, productId: null, domain: 'localhost' });
    expect(params.toString()).toBe('__sys__pro__domain=localhost');
  });
});

describe('device class', () => {
  afterEach(resetAppStore);

  it('is mobile when body width − 3 < 750', () => {
    expect(deviceOf(752).isMobile).toBe(true);
    expect(deviceOf(753).isMobile).toBe(false);
    expect(deviceOf(360)).toEqual({ isMobile: true, isTablet: false });
    expect(deviceOf(900)).toEqual({ isMobile: false, isTablet: true });
    expect(deviceOf(1280)).toEqual({ isMobile: false, isTablet: false });
  });

  it('resets the sidebar on the first measure and when the device class changes, not otherwise', () => {
    const { updateScreen, toggleSidebar } = useAppStore.getState();
    updateScreen({ width: 500, height: 800 });
    expect(useAppStore.getState().layout.sidebar.opened).toBe(false);
    toggleSidebar(true);
    updateScreen({ width: 520, height: 800 });
    expect(useAppStore.getState().layout.sidebar.opened).toBe(true);
    updateScreen({ width: 1200, height: 800 });
    expect(useAppStore.getState().layout.sidebar.opened).toBe(true);
    updateScreen({ width: 700, height: 800 });
    expect(useAppStore.getState().layout.sidebar.opened).toBe(false);
    expect(useAppStore.getState().layout.screenSize).toEqual({ width: 700, height: 800 });
  });

  it('starts with the website-edit flag off and empty carts', () => {
    const s = useAppStore.getState();
    expect(s.websiteEdit).toBe(false);
    expect(s.cart).toEqual({ list: [], orderList: [] });
    expect(s.session).toEqual({ user: null, token: null, authCodes: [] });
  });
});
