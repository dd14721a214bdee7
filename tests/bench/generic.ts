// The generic renderer's figures (`npm run bench generic`), in jsdom: the first page of a list of 10,000
// server rows (the transport answers a page of 20 or 50 from 10,000 generated rows, as the server pages
// them), and a 200-field record form's render and validation.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ignoreCss, installDom, until } from './dom.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const ROWS = 10_000;
const RUNS = 9;

type Row = Record<string, unknown>;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (n: number) => `${n.toFixed(1)} ms`;

function makeRows(shopId: string): Row[] {
  const priorities = ['urgent', 'high', 'normal', 'low'];
  return Array.from({ length: ROWS }, (_, i) => ({
    bundle_client_id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    shop_client_id: shopId,
    bundle_name: `Paket ${String(i + 1).padStart(5, '0')}`,
    bundle_status: i % 3 ? 'active' : 'passive',
    priority: priorities[i % 4],
    task_type: 'activation',
    feature_list: [`Özellik ${i}`],
    created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
  }));
}

export async function genericRenderer(): Promise<void> {
  // React as the browser build runs it (the development build checks every element and is several times slower).
  process.env.NODE_ENV = 'production';
  ignoreCss();
  await installDom();
  const React = await import('react');
  // Production React has no act(): rendering is awaited by letting the scheduler's tasks run (flush, until).
  const { createRoot } = await import('react-dom/client');
  const { createMemoryRouter, RouterProvider } = await import('react-router-dom');
  const { setTransport } = await import('../../src/api/call.ts');
  const { initI18n } = await import('../../src/app/i18n/index.ts');
  const { useAppStore } = await import('../../src/app/store/index.ts');
  const { default: ListScreen } = await import('../../renderers/generic/list/ListScreen.tsx');
  const { default: RecordScreen } = await import('../../renderers/generic/record/RecordScreen.tsx');
  await import('../../renderers/generic/record/RecordForm.tsx');
  const { setUnlistedFormValidators, formValidatorOf } = await import('../../renderers/generic/record/validator.ts');
  const { compileFormValidator } = await import('../component/support/form-validators.ts');
  const { formSchemaOf } = await import('../../src/domain/form-schema.ts');
  // The bench's own 200-field screen is not in the catalogue: its form is compiled here, as tests do.
  setUnlistedFormValidators(compileFormValidator);
  type Screen = import('../../src/domain/screen.ts').ResolvedScreen;
  type Schema = import('../../src/domain/screen.ts').JsonSchema;

  initI18n('tr');
  useAppStore.getState().setSession({ user: { username: 'bench', user_client_id: 'u-1' }, token: { token_type: 'Bearer', access_token: 't' }, authCodes: ['admin'] });


  // --- A list of 10,000 server rows: one page rendered.
  const shopId = 's-1';
  const all = makeRows(shopId);
  let serverMs = 0;
  setTransport((async (route: { name: string }, input: Row) => {
    const t0 = performance.now();
    let rows = all;
    if (typeof input.search === 'string') rows = rows.filter((r) => String(r.bundle_name).includes(input.search as string));
    if (input.bundle_status) rows = rows.filter((r) => r.bundle_status === input.bundle_status);
    const sort = String(input.sort ?? '');
    if (sort) {
      const key = sort.replace(/^-/, '');
      const dir = sort.startsWith('-') ? -1 : 1;
      rows = [...rows].sort((a, b) => (String(a[key]) < String(b[key]) ? -dir : String(a[key]) > String(b[key]) ? dir : 0));
    }
    const page = Number(input.page ?? 1);
    const size = Number(input.page_size ?? 20);
    const answer = { status_code: '10000', status_message: 'Done.', bundle_list: rows.slice((page - 1) * size, page * size), total: rows.length, page, page_size: size };
    serverMs += performance.now() - t0;
    if (route.name !== 'user_shop_bundle_list') throw new Error(`bench: unexpected call ${route.name}`);
    return answer;
  }) as never);

  const bundle = JSON.parse(readFileSync(join(ROOT, 'src', 'generated', 'screens', 'bundle.json'), 'utf8')) as Screen;
  const container = document.createElement('div');
  document.body.append(container);
  const rowsShown = () => container.querySelectorAll('tbody tr').length;

  for (const size of [20, 50]) {
    const times: number[] = [];
    const pageTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      localStorage.clear();
      const root = createRoot(container);
      const router = createMemoryRouter([{ path: '/', element: React.createElement(ListScreen, { screen: bundle, params: { shop_client_id: shopId, user_client_id: 'u-1' }, title: 'Paketler' }) }], {
        initialEntries: [`/?size=${size}`],
      });
      serverMs = 0;
      const t0 = performance.now();
      root.render(React.createElement(RouterProvider, { router }));
      await until(() => rowsShown() === size);
      times.push(performance.now() - t0 - serverMs);
      // The next page: the address changes, the controller asks the server, one page is rendered again.
      const first = container.querySelector('tbody th')?.textContent;
      const next = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Sonraki sayfa')!;
      serverMs = 0;
      const t1 = performance.now();
      next.dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
      await until(() => container.querySelector('tbody th')?.textContent !== first && rowsShown() === size);
      pageTimes.push(performance.now() - t1 - serverMs);
      root.unmount();
      router.dispose();
    }
    console.log(
      `Generic list, first page of ${ROWS.toLocaleString('en')} server rows, page of ${size}: ${ms(median(times))} to render (median of ${RUNS}; first run ${ms(times[0])}); next page ${ms(median(pageTimes))}  [jsdom, mock transport]`,
    );
  }

  // --- A 200-field record form.
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  const kinds = ['text', 'integer', 'enum', 'date', 'boolean', 'long'] as const;
  for (let i = 0; i < 200; i++) {
    const kind = kinds[i % kinds.length];
    const name = `field_${String(i).padStart(3, '0')}`;
    const label = { en: `Field ${i}`, tr: `Alan ${i}` };
    properties[name] =
      kind === 'text'
        ? { type: 'string', minLength: 2, maxLength: 50, 'x-label': label }
        : kind === 'integer'
          ? { type: 'integer', minimum: 0, maximum: 1000, 'x-label': label }
          : kind === 'enum'
            ? { type: 'string', enum: ['a', 'b', 'c'], 'x-enum-labels': [{ en: 'A', tr: 'A' }, { en: 'B', tr: 'B' }, { en: 'C', tr: 'C' }], 'x-label': label }
            : kind === 'date'
              ? { type: 'string', format: 'date', 'x-label': label }
              : kind === 'boolean'
                ? { type: 'boolean', 'x-label': label }
                : { type: 'string', maxLength: 2000, 'x-label': label };
    if (i % 4 === 0) required.push(name);
  }
  const big: Screen = {
    id: 'bench_form',
    entity: 'bench',
    title: { en: 'Bench', tr: 'Ölçüm' },
    key: 'bench_id',
    label_field: 'field_000',
    routes: { new: 'bench_new' },
    record: { record: 'bench' },
    entity_schema: { type: 'object', properties: { bench_id: { type: 'string' } } },
    related_schemas: {},
    route_table: { bench_new: { name: 'bench_new', method: 'POST', path: '/v1/bench/new', caller_type: 'token', effect: 'write', auth_codes: [], request: { type: 'object', properties, required, additionalProperties: false } } },
  };
  const fields = () => container.querySelectorAll('.record-form__field').length;
  const renders: number[] = [];
  const submits: number[] = [];
  let errorsShown = 0;
  for (let run = 0; run < RUNS; run++) {
    const root = createRoot(container);
    const router = createMemoryRouter([{ path: '/', element: React.createElement(RecordScreen, { screen: big, params: {}, title: 'Ölçüm' }) }]);
    const t0 = performance.now();
    root.render(React.createElement(RouterProvider, { router }));
    await until(() => fields() >= 200);
    renders.push(performance.now() - t0);
    // Submit the empty form: validation of 200 fields, the errors shown on their fields and in the summary.
    const form = container.querySelector('form')!;
    const t1 = performance.now();
    form.dispatchEvent(new window.Event('submit', { bubbles: true, cancelable: true }));
    await until(() => Boolean(container.querySelector('.record-form .notice--error')) && container.querySelectorAll('.field__error').length > 0);
    errorsShown = container.querySelectorAll('.field__error').length;
    submits.push(performance.now() - t1);
    root.unmount();
    router.dispose();
  }
  const schema = formSchemaOf(big, 'new')!;
  const invalid = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, s.type === 'integer' ? -1 : s.type === 'boolean' ? 'x' : 'z'.repeat(3000)]));
  const valid = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, s.type === 'integer' ? 5 : s.type === 'boolean' ? true : s.enum ? 'a' : s.format === 'date' ? '2025-01-01' : 'ok text']));
  const formValidator = await formValidatorOf(schema);
  const validations: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    formValidator.validateFormData(i % 2 ? valid : invalid, schema as never);
    validations.push(performance.now() - t);
  }
  console.log(`Generic record form of 200 fields: ${ms(median(renders))} to render (median of ${RUNS}; first ${ms(renders[0])})  [jsdom, rjsf ${'6.11.1'}]`);
  console.log(
    `  validation: ${ms(median(validations))} per validateFormData of 200 fields (median of 50); submit of the empty form to its ${errorsShown} field errors shown: ${ms(median(submits))}`,
  );
  container.remove();
}
