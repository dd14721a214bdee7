// The data-model designer (renderers/data-model-designer) against a fake of the data-model routes: adding
// groups and parameters, the spec's refusal to delete a group holding parameters, undo and redo from the
// keyboard, copy and paste with a fresh code, the translations grid's gaps, the code rule at its field, saving
// the draft, a publish refused with the model's problems, and the owner's sharing.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { storeSession } from './support/account';
import { startApp, tenant } from './support/app-fixtures';
import { dataModelHandlers, MODEL_ID, models, resetModels, seedModel } from './support/designer-models';
import { serveTenant } from './support/handlers';
import { server } from './support/server';

const clinical = tenant('localhost');
clinical.frontend.clinical_function = 1;

beforeEach(() => server.use(...serveTenant(clinical), ...dataModelHandlers));
afterEach(() => resetModels());

const PAGE = `/veri-modeli-tasarimi?data_model_id=${MODEL_ID}`;
const panel = () => screen.getByRole('tabpanel');
const outline = () => screen.getByRole('navigation', { name: 'Model ana hatları' });
const toolbar = () => screen.getByRole('toolbar', { name: 'Tasarım araçları' });

async function openDesigner() {
  storeSession();
  const user = userEvent.setup();
  await startApp(PAGE);
  await screen.findByRole('navigation', { name: 'Model ana hatları' });
  return user;
}

describe('the data-model designer', () => {
  it('adds a group and a parameter, refuses to delete a group holding parameters, and undoes and redoes', async () => {
    seedModel();
    const user = await openDesigner();
    await user.click(within(toolbar()).getByRole('button', { name: 'Grup ekle' }));
    expect(within(outline()).getByRole('button', { name: /New group 1/ })).toBeInTheDocument();
    await user.click(within(toolbar()).getByRole('button', { name: 'Parametre ekle' }));
    expect(within(panel()).getByRole('heading', { name: 'Parametre' })).toBeInTheDocument();
    await user.click(within(outline()).getByRole('button', { name: /New group 1/ }));
    await user.click(within(panel()).getByRole('button', { name: 'Grubu sil' }));
    expect(await screen.findByText(/Parametre içeren bir grup silinemez/i)).toBeInTheDocument();
    expect(within(outline()).getByRole('button', { name: /New group 1/ })).toBeInTheDocument();

    await user.keyboard('{Control>}z{/Control}');
    expect(within(outline()).queryByRole('button', { name: /New parameter/ })).not.toBeInTheDocument();
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect(within(outline()).getByRole('button', { name: /New parameter/ })).toBeInTheDocument();
  });

  it('shows the code rule at the field as it is typed, and pastes a copy under a fresh code', async () => {
    seedModel({ group_list: [{ code: 'labs', label: { en: 'Labs', tr: 'Laboratuvar' }, parameter_list: [{ code: 'weight', label: { en: 'Weight', tr: 'Ağırlık' }, type: 'float' }] }] });
    const user = await openDesigner();
    await user.click(within(outline()).getByRole('button', { name: /Ağırlık/ }));
    const code = within(panel()).getByLabelText(/^Kod/);
    await user.clear(code);
    await user.type(code, 'weight_');
    expect(await within(panel()).findByText(/parametre kodu yalnızca rakam|The parameter code can contain only/i)).toBeInTheDocument();
    await user.type(code, 'kg');
    await waitFor(() => expect(within(panel()).queryByText(/parametre kodu yalnızca rakam/i)).not.toBeInTheDocument());

    await user.click(within(outline()).getByRole('button', { name: /Ağırlık/ }));
    await user.keyboard('{Control>}c{/Control}{Control>}v{/Control}');
    expect(within(outline()).getByText('weight_kg_copy')).toBeInTheDocument();
  });

  it('lists the missing translations and fills one', async () => {
    seedModel({ group_list: [{ code: 'labs', label: { en: 'Labs' }, parameter_list: [{ code: 'grade', label: { en: 'Grade' }, type: 'text' }] }] });
    const user = await openDesigner();
    await user.click(screen.getByRole('tab', { name: /Çeviriler \(2\)/ }));
    expect(within(panel()).getByRole('status')).toHaveTextContent('2 metin eksik');
    const cell = within(panel()).getByRole('textbox', { name: 'labs grubu — Türkçe' });
    expect(cell).toHaveAttribute('aria-invalid', 'true');
    await user.type(cell, 'Laboratuvar');
    expect(screen.getByRole('tab', { name: /Çeviriler \(1\)/ })).toBeInTheDocument();
  });

  it('saves the draft, and shows the problems the server names when it refuses to publish', async () => {
    seedModel({ group_list: [{ code: 'labs', label: { en: 'Labs' }, parameter_list: [{ code: 'grade', label: { en: 'Grade' }, type: 'select' }] }] });
    const user = await openDesigner();
    await user.click(within(outline()).getByRole('button', { name: /Grade/ }));
    await user.type(within(panel()).getByLabelText('Etiket (Türkçe)'), 'Derece');
    await user.click(within(toolbar()).getByRole('button', { name: 'Taslağı kaydet' }));
    expect(await screen.findByText('Sürüm 1 taslağı olarak kaydedildi.')).toBeInTheDocument();
    expect(models.calls.find((c) => c.route === 'save')!.body).toMatchObject({ version: 1, data_model: { group_list: [{ parameter_list: [{ label: { en: 'Grade', tr: 'Derece' } }] }] } });

    await user.click(within(toolbar()).getByRole('button', { name: 'Yayımla' }));
    expect(await screen.findByRole('tab', { name: /Sorunlar/, selected: true })).toBeInTheDocument();
    const server = within(panel()).getByRole('heading', { name: 'Yayımlarken sunucunun bulduğu sorunlar' }).nextElementSibling as HTMLElement;
    expect(within(server).getByRole('button')).toHaveTextContent(/Derece.*seçenek/i);
  });

  it('lets the owner share the model with a user who may edit it, and says why the owner cannot be added', async () => {
    seedModel();
    const user = await openDesigner();
    const sharing = within(panel()).getByRole('region', { name: 'Paylaşım' });
    await user.type(within(sharing).getByLabelText('Kullanıcı adı'), 'ayse');
    await user.click(within(sharing).getByRole('button', { name: 'Paylaş' }));
    expect(await within(sharing).findByText(/sahibi/i)).toBeInTheDocument();
    await user.clear(within(sharing).getByLabelText('Kullanıcı adı'));
    await user.type(within(sharing).getByLabelText('Kullanıcı adı'), 'mehmet.kaya');
    await user.click(within(sharing).getByLabelText('Düzenleyebilir (kaydetme ve yayımlama)'));
    await user.click(within(sharing).getByRole('button', { name: 'Paylaş' }));
    expect(await within(sharing).findByText('mehmet.kaya ile paylaşıldı.')).toBeInTheDocument();
    expect(within(sharing).getByRole('switch', { name: 'mehmet.kaya düzenleyebilir' })).toBeChecked();
  });

  it('lets the owner retire a published model after asking; it is then read-only', async () => {
    seedModel({ status: 'published', published_version: 1, group_list: [{ code: 'labs', label: { en: 'Labs', tr: 'Laboratuvar' }, parameter_list: [] }] });
    const user = await openDesigner();
    await user.click(within(toolbar()).getByRole('button', { name: 'Dosya' }));
    expect(screen.queryByRole('menuitem', { name: 'Modeli sil…' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Modeli kullanımdan kaldır…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Bu veri modeli kullanımdan kaldırılsın mı?' });
    await user.click(within(dialog).getByRole('button', { name: 'Kullanımdan kaldır' }));
    expect(await screen.findByText(/Veri modeli kullanımdan kaldırıldı/)).toBeInTheDocument();
    expect(screen.getByText(/Bu veri modeli kullanımdan kaldırıldı/)).toBeInTheDocument();
    expect(within(toolbar()).queryByRole('button', { name: 'Grup ekle' })).not.toBeInTheDocument();
    expect(models.calls.map((c) => c.route)).toContain('retire');
  });
});
