// The analysis panels on their own (the project pages give them the open project): the app's HTTP transport
// over msw, a language, a router for their links; an iris-like project and an msw route recorder.
import { render } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { setTransport } from '../../../src/api/call';
import { createHttpTransport } from '../../../src/api/http-transport';
import { initI18n } from '../../../src/app/i18n';
import { useAppStore } from '../../../src/app/store';
import type { WanalyzerProjectDetailsColumnsWaiGetResponse } from '../../../src/generated/types/routes';
import { server } from './server';

const LANGUAGES = [
  { label: 'tr' as const, value: 0 as const },
  { label: 'en' as const, value: 1 as const },
];

export function renderPanel(ui: ReactElement, lang: 'tr' | 'en') {
  const active = LANGUAGES.find((l) => l.label === lang)!;
  initI18n(lang);
  useAppStore.getState().setLanguages(LANGUAGES, active);
  setTransport(
    createHttpTransport({
      context: () => ({ accessToken: 'test-access-token', currency: null, language: active, productId: null, domain: 'localhost' }),
      onUnauthorized: () => undefined,
    }),
  );
  return render(<MemoryRouter>{ui}</MemoryRouter>);
}

export const project = (isOwn = true): WanalyzerProjectDetailsColumnsWaiGetResponse => ({
  project_id: 'p-iris',
  project_name: 'Iris',
  details: { file_name: 'iris.xlsx', row_count: 150, column_count: 4 },
  is_public: false,
  is_own: isOwn,
  column_list: [
    { column_id: 'c-sl', column_index: 0, column_name: 'Sepal.Length', column_type: 'numeric' },
    { column_id: 'c-pl', column_index: 1, column_name: 'Petal.Length', column_type: 'numeric' },
    {
      column_id: 'c-sp',
      column_index: 2,
      column_name: 'Species',
      column_type: 'categorical',
      results: { count: 150, missing_count: 0, category_list: [{ value: 'setosa', count: 50 }, { value: 'versicolor', count: 50 }, { value: 'virginica', count: 50 }] },
    },
    { column_id: 'c-big', column_index: 3, column_name: 'Large', column_type: 'boolean' },
  ],
});

/** Answers a route with `answer(body)` (an envelope) and keeps the bodies it was sent. */
export function serve<Body>(path: string, answer: (body: Body, call: number) => object) {
  const bodies: Body[] = [];
  server.use(
    http.post(`*/v1/${path}`, async ({ request }) => {
      const body = (await request.json()) as Body;
      bodies.push(body);
      return HttpResponse.json(answer(body, bodies.length));
    }),
  );
  return bodies;
}
