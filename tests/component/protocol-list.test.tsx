// @vitest-environment-options {"url": "http://clinical.localhost:3000/"}
// The protocol list (renderers/protocol-editor/ProtocolListPage) against a fake of /v1/protocol/list: cards
// with visibility, version and status in words and the example badge; filters and paging sent to the server;
// "Copy as my template" asking for whom (global only to an administrator); deleting the owner's never-published
// draft after asking, and no delete for a published or another's protocol; the filters folded on a phone.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { logIn, startApp } from './support/app-fixtures';
import { COPY_ID, protocolHandlers, protocols, resetProtocols, row, seedProtocol } from './support/protocols';
import { setBodyWidth } from './support/dom';
import { server } from './support/server';

beforeEach(() => server.use(...protocolHandlers));
afterEach(() => {
  resetProtocols();
  Reflect.deleteProperty(document.body, 'clientWidth');
});

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

async function open(authCodes: Parameters<typeof logIn>[0] = ['doctor']) {
  const user = userEvent.setup();
  await startApp('/protocols');
  logIn(authCodes);
  await screen.findByRole('heading', { level: 1, name: 'Protocols' });
  return user;
}

const listCalls = () => protocols.calls.filter((c) => c.route === 'list').map((c) => c.body);
const card = (name: string) => screen.getByRole('article', { name });

describe('the protocol list', () => {
  it('shows each protocol with its visibility, version and status in words, and marks the examples', async () => {
    protocols.rows = [
      row({ protocol_id: ID(1), name: 'AC-T', protocol_group: 'Breast cancer', visibility: 'global', owner: 'library', status: 'published', version: 3, published_version: 3, is_example: true }),
      row({ protocol_id: ID(2), name: 'My FOLFOX', visibility: 'public', version: 2, status: 'draft', published_version: 1 }),
    ];
    await open();
    const example = await screen.findByRole('article', { name: 'AC-T' });
    expect(within(example).getByText('Example — verify locally')).toBeInTheDocument();
    expect(example).toHaveTextContent('Global (every hospital)');
    expect(example).toHaveTextContent('Published · version 3');
    expect(within(example).getByText('Breast cancer')).toBeInTheDocument();
    const mine = card('My FOLFOX');
    expect(mine).toHaveTextContent('Draft · version 2 · version 1 is published');
    expect(mine).toHaveTextContent('Public (my hospital)');
    expect(within(mine).queryByText('Example — verify locally')).not.toBeInTheDocument();
  });

  it('sends the scope, status, type, group and search to the server, and pages', async () => {
    protocols.rows = Array.from({ length: 25 }, (_, i) => row({ protocol_id: ID(i + 1), name: `Protocol ${i + 1}` }));
    const user = await open();
    await screen.findByRole('article', { name: 'Protocol 1' });
    await user.selectOptions(screen.getByLabelText('Show'), 'Shared with me');
    await user.selectOptions(screen.getByLabelText('Status'), 'Published');
    await user.selectOptions(screen.getByLabelText('Type'), 'Immunotherapy');
    await user.type(screen.getByLabelText('Protocol group'), 'Melanoma');
    await user.type(screen.getByLabelText(/^Search/), 'nivolumab');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ scope: 'shared', status: 'published', protocol_type: 'immunotherapy', protocol_group: 'Melanoma', search: 'nivolumab', page: 1, page_size: 20 }));
    await user.click(within(screen.getByRole('navigation', { name: 'Protocol pages' })).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('article', { name: 'Protocol 21' })).toBeInTheDocument();
    expect(listCalls().at(-1)).toMatchObject({ page: 2, scope: 'shared' });
  });

  it('copies a protocol as my template for every hospital when I am an administrator, and opens the copy', async () => {
    protocols.rows = [row({ name: 'AC-T', visibility: 'global', owner: 'library', status: 'published', published_version: 1, is_example: true })];
    seedProtocol({ name: 'AC-T', owner: 'library', visibility: 'global', status: 'published', published_version: 1 });
    const user = await open(['admin']);
    await user.click(await screen.findByRole('button', { name: 'Copy as my template: AC-T' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy as my template' });
    await user.click(within(dialog).getByLabelText('Every hospital (global)'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(window.location.search).toBe(`?protocol=${COPY_ID}`));
    expect(protocols.calls.find((c) => c.route === 'copy')!.body).toMatchObject({ visibility: 'global' });
    expect(await screen.findByRole('toolbar', { name: 'Protocol tools' })).toBeInTheDocument();
  });

  it('offers no global copy to a doctor, and deletes only my never-published draft, after asking', async () => {
    protocols.rows = [
      row({ protocol_id: ID(1), name: 'Draft of mine' }),
      row({ protocol_id: ID(2), name: 'Published of mine', status: 'published', published_version: 1 }),
      row({ protocol_id: ID(3), name: 'Draft of another', owner: 'mehmet' }),
    ];
    const user = await open();
    await user.click(await screen.findByRole('button', { name: 'Copy as my template: Draft of mine' }));
    expect(within(screen.getByRole('dialog')).queryByLabelText('Every hospital (global)')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(within(card('Published of mine')).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(card('Draft of another')).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    await user.click(within(card('Draft of mine')).getByRole('button', { name: 'Delete Draft of mine' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete this protocol?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“Draft of mine” is deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Draft of mine' })).not.toBeInTheDocument());
    expect(protocols.calls.find((c) => c.route === 'delete')!.body).toEqual({ protocol_id: ID(1) });
  });
  it('folds the filters behind a button on a phone', async () => {
    protocols.rows = [row({ name: 'AC-T' })];
    setBodyWidth(390);
    const user = await open();
    await screen.findByRole('article', { name: 'AC-T' });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Show')).not.toBeVisible();
    await user.click(toggle);
    expect(screen.getByLabelText('Show')).toBeVisible();
  });
});
