// Default answers of the support routes for component tests that only pass by the support pages (the menu and
// layout tests open the support list): no shops to write to and no requests. The support pages' own tests
// (tests/component/support-pages.test.tsx) replace them with a fake that keeps tickets.
import { http, HttpResponse } from 'msw';
import { ok } from './handlers';

export const supportRequestHandlers = [
  http.post('*/v1/support/shop/list', () => HttpResponse.json({ ...ok, shop_list: [] })),
  http.post('*/v1/user/support/list', () => HttpResponse.json({ ...ok, support_ticket_list: [], total: 0, page: 1, page_size: 10 })),
];
