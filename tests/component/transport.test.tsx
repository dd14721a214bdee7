import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import { applicationVersion, frontendGet, layerWdmGet } from '../../src/generated/client';
import { useAppStore } from '../../src/app/store';
import { ok } from './support/handlers';
import { logIn, startApp, tenant } from './support/app-fixtures';
import { server } from './support/server';

const version = { ...ok, version: '0.1.0', schema_version: 3 };

function captureVersionCalls(answer: () => Response = () => HttpResponse.json(version)) {
  const requests: Request[] = [];
  server.use(
    http.post('*/v1/application/version', ({ request }) => {
      requests.push(request.clone());
      return answer();
    }),
  );
  return requests;
}

async function bootShop(path = '/') {
  await startApp(path);
  await screen.findByRole('heading', { level: 1 });
}

describe('HTTP transport', () => {
  it('sends the bearer token and the five common query parameters, and resolves a …000 answer', async () => {
    await bootShop();
    logIn([], 'tok-123');
    const requests = captureVersionCalls();

    await expect(applicationVersion({})).resolves.toMatchObject({ status_code: '10000', version: '0.1.0' });

    const [request] = requests;
    expect(request.method).toBe('POST');
    expect(request.headers.get('authorization')).toBe('Bearer tok-123');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({});
    const params = Object.fromEntries(new URL(request.url).searchParams);
    expect(params).toEqual({
      __user__currency__type: '0',
      __lang__v: '0',
      __lang__l: 'tr',
      __sys__pro__id: tenant('localhost').frontend_product_id,
      __sys__pro__domain: 'localhost',
    });
  });

  it('follows the user: a new currency and language reach the next call, no token when logged out', async () => {
    const user = userEvent.setup();
    await bootShop();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Para birimi' }), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dil' }), 'en');
    const requests = captureVersionCalls();

    await applicationVersion({});

    expect(requests[0].headers.get('authorization')).toBeNull();
    const params = new URL(requests[0].url).searchParams;
    expect(params.get('__user__currency__type')).toBe('1');
    expect(params.get('__lang__v')).toBe('1');
    expect(params.get('__lang__l')).toBe('en');
  });

  it('sends GET input as query parameters and POST input as a JSON body', async () => {
    await bootShop();
    let getUrl = '';
    let postBody: unknown;
    server.use(
      http.get('*/v1/layer/wdm/get', ({ request }) => {
        getUrl = request.url;
        return HttpResponse.json({ ...ok, layer_wdm_list: {} });
      }),
      http.post('*/v1/frontend/get', async ({ request }) => {
        postBody = await request.json();
        return HttpResponse.json({ ...ok, frontend: tenant('localhost').frontend, website_unit_list: [], frontend_product_id: 'x' });
      }),
    );

    await layerWdmGet({ layer_code_list: 'frd,abc' });
    await frontendGet({ domain: 'localhost' });

    expect(new URL(getUrl).searchParams.get('layer_code_list')).toBe('frd,abc');
    expect(new URL(getUrl).searchParams.get('__sys__pro__domain')).toBe('localhost');
    expect(postBody).toEqual({ domain: 'localhost' });
  });

  it('ends the session and goes to /logout on a …096 answer', async () => {
    await bootShop('/kullanici-proje');
    logIn([], 'tok-old');
    captureVersionCalls(() => HttpResponse.json({ status_code: '10096', status_message: 'Your session has ended.' }, { status: 401 }));
    // The logout page tells the server and then moves on to /login: held here, so the page can be seen.
    server.use(http.post('*/v1/logout', () => delay('infinite')));

    const error = await act(() => applicationVersion({}).catch((e: unknown) => e));

    expect(error).toMatchObject({ status_code: '10096', status_message: 'Your session has ended.' });
    await waitFor(() => expect(window.location.pathname).toBe('/logout'));
    expect(await screen.findByRole('heading', { name: 'Çıkış' })).toBeInTheDocument();
    expect(useAppStore.getState().session).toEqual({ user: null, token: null, authCodes: [] });
  });

  it('leaves the current session alone when a …096 answers a call made with a token it no longer holds', async () => {
    await bootShop('/kullanici-proje');
    logIn([], 'tok-old');
    let answer: (() => void) | null = null;
    server.use(
      http.post('*/v1/application/version', () => new Promise<Response>((resolve) => {
        answer = () => resolve(HttpResponse.json({ status_code: '10096', status_message: 'Your session has ended.' }, { status: 401 }));
      })),
    );
    const call = applicationVersion({}).catch((e: unknown) => e);
    await waitFor(() => expect(answer).not.toBeNull());
    logIn([], 'tok-new');
    await act(async () => {
      answer?.();
      await call;
    });

    expect(await call).toMatchObject({ status_code: '10096' });
    expect(window.location.pathname).toBe('/kullanici-proje');
    expect(useAppStore.getState().session.token?.access_token).toBe('tok-new');
  });

  it('logs other failures and rejects with their status code and message, staying on the page', async () => {
    await bootShop('/kullanici-proje');
    logIn(['shop_new']);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    captureVersionCalls(() => HttpResponse.json({ status_code: '10009', status_message: 'You are not authorized for this.' }, { status: 403 }));

    const error = await applicationVersion({}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status_code: '10009', status_message: 'You are not authorized for this.', route: 'application_version' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('10009=You are not authorized for this.'));
    expect(window.location.pathname).toBe('/kullanici-proje');
    expect(useAppStore.getState().session.token).not.toBeNull();
  });

  it('on the shop site, logs a 401 token_expired and keeps the session; tokens in the address are not taken up', async () => {
    await bootShop('/kullanici-proje?token=from-elsewhere&refresh=r');
    logIn([], 'tok-shop');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    captureVersionCalls(() => HttpResponse.json({ status_code: '11022', status_message: 'Your session token has expired.' }, { status: 401 }));

    await expect(applicationVersion({})).rejects.toMatchObject({ status_code: '11022' });

    expect(logged).toHaveBeenCalledWith(expect.stringContaining('11022='));
    expect(window.location.pathname + window.location.search).toBe('/kullanici-proje?token=from-elsewhere&refresh=r');
    expect(useAppStore.getState().session.token?.access_token).toBe('tok-shop');
  });

  it('rejects with the network message when the server cannot be reached', async () => {
    await bootShop();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/v1/application/version', () => HttpResponse.error()));

    await expect(applicationVersion({})).rejects.toMatchObject({
      status_code: '10013',
      status_message: expect.stringMatching(/^Şu anda sistem sunucularına ağ erişiminizde bir sorun var/),
    });
  });

  it('treats an answer without a JSON envelope as a network problem', async () => {
    await bootShop();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/v1/application/version', () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));

    await expect(applicationVersion({})).rejects.toMatchObject({ status_code: '10013' });
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('HTTP 502'));
  });
});
