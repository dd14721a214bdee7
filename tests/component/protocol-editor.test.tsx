// @vitest-environment-options {"url": "http://clinical.localhost:3000/"}
// The protocol editor (renderers/protocol-editor) against a fake of the protocol routes: lines added and
// moved by keyboard, days typed as a range shown on the cycle timeline, undo, the automatic title, saving the
// draft, a change beyond the warning percent confirmed and recorded, a publish refused with the problems at
// their fields, an example opened read-only with its disclaimer and copied as my template, the FHIR export and
// import, a new protocol created by its first save, and a version conflict.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { logIn, startApp } from './support/app-fixtures';
import { COPY_ID, PROTOCOL_ID, protocolHandlers, protocols, resetProtocols, seedProtocol } from './support/protocols';
import { server } from './support/server';

beforeEach(() => server.use(...protocolHandlers));
afterEach(() => resetProtocols());

async function open(authCodes: Parameters<typeof logIn>[0] = ['pharmacist'], query = `?protocol=${PROTOCOL_ID}`) {
  const user = userEvent.setup();
  await startApp(`/protocol-editor${query}`);
  logIn(authCodes);
  await screen.findByRole('toolbar', { name: 'Protocol tools' });
  return user;
}

const lines = () => screen.getByRole('region', { name: 'Lines' });
const timeline = () => screen.getByRole('region', { name: 'Cycle at a glance' });
const toolbar = () => screen.getByRole('toolbar', { name: 'Protocol tools' });
const saveBody = () => protocols.calls.filter((c) => c.route === 'save').at(-1)!.body as { protocol: { drug_list: { drug_name?: string; day_list: number[]; item_type: string }[]; name?: string }; confirm_changes?: boolean };

describe('the protocol editor', () => {
  it('adds a drug line, takes its days typed as a range onto the timeline, moves it by keyboard, undoes, and saves the draft', async () => {
    seedProtocol();
    const user = await open();
    await user.click(within(lines()).getByRole('button', { name: 'Add line' }));
    await user.click(screen.getByRole('menuitem', { name: 'Drug' }));
    const line = screen.getByRole('group', { name: /^Line: / });
    await user.type(within(line).getByLabelText(/^Drug/), 'Bevacizumab');
    await user.type(within(line).getByLabelText(/^Dose/), '15');
    await user.selectOptions(within(line).getByLabelText(/^Unit/), 'mg/kg');
    const days = within(line).getByLabelText(/^Days \(typed\)/);
    await user.clear(days);
    await user.type(days, '1-3, 8');
    expect(within(line).getByRole('button', { name: 'Day 8' })).toHaveAttribute('aria-pressed', 'true');
    const bevaRow = within(timeline()).getByRole('rowheader', { name: /Bevacizumab 15 mg\/kg/ }).closest('tr')!;
    expect(within(bevaRow).getAllByText(/given on day/).map((n) => n.textContent)).toEqual(['given on day 1', 'given on day 2', 'given on day 3', 'given on day 8']);
    await user.type(days, '0');
    expect(within(line).getByText(/Write days from 1 to 21/)).toBeInTheDocument();
    await user.tab();

    // Alt+↑ moves the focused line above carboplatin.
    const opener = within(lines()).getByRole('button', { name: 'Bevacizumab 15 mg/kg' });
    opener.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    const order = () => within(lines()).getAllByRole('row').slice(1).map((r) => within(within(r).getAllByRole('cell')[1]).getByRole('button').textContent);
    expect(order()).toEqual(['Paclitaxel 175 mg/m²', 'Bevacizumab 15 mg/kg', 'Carboplatin AUC 5']);
    await user.keyboard('{Control>}z{/Control}');
    expect(order()).toEqual(['Paclitaxel 175 mg/m²', 'Carboplatin AUC 5', 'Bevacizumab 15 mg/kg']);

    await user.click(within(toolbar()).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Saved as the draft of version 1.')).toBeInTheDocument();
    expect(saveBody().protocol.drug_list[2]).toMatchObject({ item_type: 'drug', drug_name: 'Bevacizumab', dosage: 15, unit: 'mg_kg', day_list: [1, 2, 3, 8] });
    expect(screen.queryByText('unsaved changes')).not.toBeInTheDocument();
  });

  it('copies the automatic title from the drugs and their doses', async () => {
    seedProtocol({ name: 'PC' });
    const user = await open();
    expect(screen.getByText('Automatic title: Paclitaxel 175 mg/m² + Carboplatin AUC 5 q21d ×6')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use automatic title' }));
    expect(screen.getByLabelText(/^Protocol name/)).toHaveValue('Paclitaxel 175 mg/m² + Carboplatin AUC 5 q21d ×6');
    expect(screen.getByText('unsaved changes')).toBeInTheDocument();
  });

  it('asks to confirm a dose change beyond the warning percent, sends it again confirmed, and lists the confirmation with the version', async () => {
    seedProtocol({ status: 'published', published_version: 1 });
    const user = await open();
    await user.click(within(lines()).getByRole('button', { name: 'Paclitaxel 175 mg/m²' }));
    const dose = within(screen.getByRole('group', { name: /^Line: Paclitaxel/ })).getByLabelText(/^Dose/);
    await user.clear(dose);
    await user.type(dose, '220');
    await user.click(within(toolbar()).getByRole('button', { name: 'Save draft' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm the changes' });
    expect(dialog).toHaveTextContent('above 20%');
    expect(within(dialog).getByRole('listitem')).toHaveTextContent('Dose of Paclitaxel: 175 → 220 (25.7%)');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and save' }));
    expect(await screen.findByText('Saved as the draft of version 2.')).toBeInTheDocument();
    expect(saveBody().confirm_changes).toBe(true);
    const versions = screen.getByRole('region', { name: 'Versions' });
    expect(await within(versions).findByText(/Changes confirmed by ayse/)).toBeInTheDocument();
    expect(within(versions).getByText('Dose of Paclitaxel: 175 → 220 (25.7%)')).toBeInTheDocument();
  });

  it('lists the problems as the protocol is edited, shows them at their fields once a publish is refused, and follows the fixes', async () => {
    const seeded = seedProtocol({ protocol_group: undefined });
    const { frequency: _left, ...carboplatin } = seeded.drug_list[1];
    seedProtocol({ protocol_group: undefined, drug_list: [seeded.drug_list[0], carboplatin] });
    protocols.publishProblems = [
      { path: '/protocol_group', key: 'protocol_group_required' },
      { path: '/drug_list/1/frequency', key: 'protocol_item_fields_required' },
    ];
    const user = await open();
    // The domain's check, before anything is sent: listed, not yet red at the fields.
    const problems = screen.getByRole('region', { name: '2 problems to fix before publishing' });
    expect(screen.getByLabelText(/^Protocol group/)).not.toHaveAccessibleDescription(/Please choose the protocol group/);
    await user.click(within(toolbar()).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByLabelText(/^Protocol group/)).toHaveAccessibleDescription(/Please choose the protocol group/);
    await user.click(within(problems).getByRole('button', { name: /Carboplatin AUC 5/ }));
    const line = screen.getByRole('group', { name: 'Line: Carboplatin AUC 5' });
    expect(within(line).getByLabelText(/^Frequency/)).toHaveAccessibleDescription(/starting date, unit, frequency/);
    expect(protocols.calls.map((c) => c.route)).toContain('publish');

    // The problems are kept as keys: they follow a change of language, with the rest of the editor.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'tr');
    expect(await screen.findByRole('region', { name: 'Yayımlamadan önce düzeltilecek 2 sorun' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Protokol grubu/)).toHaveAccessibleDescription(/Lütfen protokol grubunu seçin/);
    expect(within(screen.getByRole('region', { name: 'Satırlar' })).getAllByRole('cell', { name: 'İlaç' })).toHaveLength(2);

    // A fixed field drops its problem at once, without another publish.
    await user.type(screen.getByLabelText(/^Protokol grubu/), 'Over kanseri');
    expect(screen.getByLabelText(/^Protokol grubu/)).not.toHaveAccessibleDescription(/Lütfen protokol grubunu seçin/);
    expect(screen.getByRole('region', { name: 'Yayımlamadan önce düzeltilecek 1 sorun' })).toBeInTheDocument();
  });

  it('lets the owner share the protocol, and says why the owner cannot be added', async () => {
    seedProtocol();
    const user = await open();
    const sharing = screen.getByRole('region', { name: 'Sharing' });
    await user.type(within(sharing).getByLabelText('Username'), 'ayse');
    await user.click(within(sharing).getByRole('button', { name: 'Share' }));
    expect(await within(sharing).findByText(/The owner of a protocol already has every right/)).toBeInTheDocument();
    await user.clear(within(sharing).getByLabelText('Username'));
    await user.type(within(sharing).getByLabelText('Username'), 'nurse.elif');
    await user.click(within(sharing).getByRole('button', { name: 'Share' }));
    expect(await within(sharing).findByText('Shared with nurse.elif.')).toBeInTheDocument();
    expect(protocols.calls.filter((c) => c.route === 'share').at(-1)!.body).toEqual({ protocol_id: PROTOCOL_ID, username: 'nurse.elif', can_edit: false });
  });

  it('opens a global example read-only with its disclaimer, and copies it as my template for me', async () => {
    seedProtocol({ visibility: 'global', owner: 'library', is_example: true, status: 'published', published_version: 1 });
    protocols.canEdit = false;
    protocols.canShare = false;
    const user = await open();
    expect(screen.getByRole('note', { name: 'Example — verify locally' })).toHaveTextContent(/not clinical advice/);
    expect(within(toolbar()).queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(within(lines()).queryByRole('button', { name: 'Add line' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Protocol name/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('region', { name: 'Sharing' })).not.toBeInTheDocument();
    await user.click(within(toolbar()).getByRole('button', { name: 'Copy as my template' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy as my template' });
    expect(within(dialog).queryByLabelText('Every hospital (global)')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('My hospital'));
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(window.location.search).toBe(`?protocol=${COPY_ID}`));
    expect(await screen.findByRole('button', { name: 'Save draft' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/The copy is yours/)).toBeInTheDocument();
    expect(protocols.calls.find((c) => c.route === 'copy')!.body).toMatchObject({ protocol_id: PROTOCOL_ID, visibility: 'public' });
    expect(screen.queryByRole('note', { name: 'Example — verify locally' })).not.toBeInTheDocument();
  });

  it('downloads the FHIR bundle as a .json file and shows the notes on what FHIR cannot carry', async () => {
    seedProtocol();
    const created: Blob[] = [];
    URL.createObjectURL = (b: Blob) => {
      created.push(b);
      return 'blob:fhir';
    };
    URL.revokeObjectURL = () => undefined;
    const user = await open();
    await user.click(within(toolbar()).getByRole('button', { name: 'File' }));
    await user.click(screen.getByRole('menuitem', { name: 'Export FHIR R4 (.json)' }));
    expect(await screen.findByText('Dose bands are kept as an extension.')).toBeInTheDocument();
    expect(JSON.parse(await created[0].text())).toMatchObject({ resourceType: 'Bundle', entry: [{ resource: { resourceType: 'PlanDefinition' } }] });
  });
  it('creates a new protocol on its first save, with a laboratory gate picked by its name, and opens it', async () => {
    const user = await open(['doctor'], '');
    expect(screen.getByText('not saved yet')).toBeInTheDocument();
    const gate = await screen.findByRole('combobox', { name: 'Add a gate' });
    expect(within(gate).queryByRole('option', { name: 'Draft rule' })).not.toBeInTheDocument();
    await user.selectOptions(gate, 'Neutrophils before chemotherapy');
    expect(screen.getByRole('button', { name: 'Remove the gate Neutrophils before chemotherapy' })).toBeInTheDocument();
    await user.click(within(lines()).getByRole('button', { name: '(not filled in)' }));
    await user.type(screen.getByLabelText(/^Drug/), 'Cisplatin');
    await user.type(screen.getByLabelText(/^Dose/), '75');
    await user.type(screen.getByLabelText(/^Protocol group/), 'Lung cancer');
    await user.click(within(toolbar()).getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(window.location.search).toBe(`?protocol=${COPY_ID}`));
    // The created protocol is opened (its Publish button) with the notice.
    expect(await screen.findByRole('button', { name: 'Publish' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('The protocol is created as a draft of version 1.')).toBeInTheDocument();
    const sent = protocols.calls.find((c) => c.route === 'new')!.body as { protocol: Record<string, unknown> };
    expect(sent.protocol).toMatchObject({ protocol_group: 'Lung cancer', lab_gate_list: [{ label: { en: 'Neutrophils before chemotherapy' } }], drug_list: [{ drug_name: 'Cisplatin', dosage: 75, unit: 'mg_m2', day_list: [1] }] });
    expect(sent.protocol).not.toHaveProperty('name');
  });

  it('says when someone saved meanwhile and loads the latest version', async () => {
    seedProtocol();
    const user = await open();
    protocols.versions = [{ ...protocols.versions[0], version: 2, note: 'Changed by a colleague' }];
    await user.type(screen.getByLabelText(/^Note/), 'Mine');
    await user.click(within(toolbar()).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/version 2 is the latest, and you edited version 1/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load the latest version' }));
    expect(await screen.findByText('Version 2 is loaded.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Note/)).toHaveValue('Changed by a colleague');
  });
  it('imports a FHIR file as a new draft and opens it with the notes, and says when a file is not JSON', async () => {
    seedProtocol();
    const user = await open();
    const input = screen.getByLabelText('Import from a FHIR file…');
    await user.upload(input, new File(['not json'], 'regimen.txt', { type: 'application/json' }));
    expect(await screen.findByText('regimen.txt is not a JSON file.')).toBeInTheDocument();
    await user.upload(input, new File([JSON.stringify({ resourceType: 'Bundle', type: 'collection', entry: [] })], 'folfox.json', { type: 'application/json' }));
    await waitFor(() => expect(window.location.search).toBe(`?protocol=${COPY_ID}`));
    expect(await screen.findByText('FOLFOX', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Imported as the draft “FOLFOX”.')).toBeInTheDocument();
    expect(screen.getByText('The cycle length was read from the timing.')).toBeInTheDocument();
  });
  it('shows a save refused as bad input at the field of the line it names', async () => {
    seedProtocol();
    const user = await open();
    await user.click(within(lines()).getByRole('button', { name: 'Add line' }));
    await user.click(screen.getByRole('menuitem', { name: 'Premedication' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/check the highlighted fields/);
    const line = screen.getByRole('group', { name: 'Line: (not filled in)' });
    expect(within(line).getByLabelText(/^Drug/)).toHaveAccessibleDescription(/required/);
    expect(within(lines()).getAllByRole('row')[3]).toHaveClass('protocol-lines__row--problem');
  });
  it('keeps dose bands and a lifetime limit as the pharmacist writes them, inventing no dose', async () => {
    seedProtocol();
    const user = await open();
    await user.click(within(lines()).getByRole('button', { name: 'Carboplatin AUC 5' }));
    const line = screen.getByRole('group', { name: 'Line: Carboplatin AUC 5' });
    await user.click(within(line).getByLabelText('To dose bands'));
    expect(within(line).getByLabelText('Band 1 dose (mg)')).toHaveValue('');
    await user.type(within(line).getByLabelText('Band 1 to (mg)'), '500');
    await user.type(within(line).getByLabelText('Band 1 dose (mg)'), '450');
    await user.click(within(line).getByRole('button', { name: 'Add band' }));
    expect(within(line).getByLabelText('Band 2 from (mg)')).toHaveValue('500');
    await user.type(within(line).getByLabelText('Band 2 to (mg)'), '700');
    await user.type(within(line).getByLabelText('Band 2 dose (mg)'), '600');
    await user.type(within(line).getByLabelText(/^Lifetime limit \(mg\)/), '2000');
    await user.selectOptions(within(line).getByLabelText('Lifetime limit counted'), 'mg in total');
    await user.click(within(toolbar()).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Saved as the draft of version 1.')).toBeInTheDocument();
    expect(saveBody().protocol.drug_list[1]).toMatchObject({
      dose_rounding: { bands: [{ from: 0, to: 500, dose: 450 }, { from: 500, to: 700, dose: 600 }] },
      lifetime_limit: { amount: 2000, per: 'total' },
    });
  });
});
