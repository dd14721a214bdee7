// Component tests: jest-dom matchers, msw for the API (handlers from the demo seed), and a fresh page for
// every test (store, storage, history, document).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetAppStore } from '../../src/app/store';
import { setUnlistedFormValidators } from '../../renderers/generic/record/validator';
import { compileFormValidator } from './support/form-validators';
import { resetAccount } from './support/account';
import { resetStorefront } from './support/storefront';
import { disposeRouters, setBodyWidth } from './support/dom';
import { server } from './support/server';

// findBy*/waitFor wait up to 5 s: the whole suite runs the server tests beside these on two cores.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // The tests' own screens have no form validators from codegen; the catalogue's use the generated ones.
  setUnlistedFormValidators(compileFormValidator);
});

beforeEach(() => {
  setBodyWidth(1280);
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  disposeRouters();
  server.resetHandlers();
  resetAccount();
  resetStorefront();
  resetAppStore();
  window.localStorage.clear();
  document.title = '';
  document.documentElement.removeAttribute('style');
  document.documentElement.lang = '';
});

afterAll(() => server.close());
