// @vitest-environment-options {"url": "http://clinical.localhost:3000/"}
// The dose calculator page (issue 12): figures with their units computed in the browser (no call), the GFR cap
// of a Calvert dose explained on the dose, the formula and inputs in the "How" disclosure, and an impossible
// input refused at its field in English and Turkish, reworded when the language changes.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { logIn, startApp } from './support/app-fixtures';

async function open(path = '/dose-calculator') {
  const user = userEvent.setup();
  await startApp(path);
  logIn(['pharmacist']);
  await screen.findByRole('form', { name: /^(Patient|Hasta)$/ });
  return user;
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: { height: string; weight: string; age: string; sex: string; creatinine: string }, en = true) {
  await user.type(screen.getByLabelText(en ? /^Height \(cm\)/ : /^Boy \(cm\)/), values.height);
  await user.type(screen.getByLabelText(en ? /^Weight \(kg\)/ : /^Ağırlık \(kg\)/), values.weight);
  await user.type(screen.getByLabelText(en ? /^Age \(years\)/ : /^Yaş \(yıl\)/), values.age);
  await user.selectOptions(screen.getByLabelText(en ? /^Sex/ : /^Cinsiyet/), values.sex);
  await user.type(screen.getByLabelText(en ? /^Serum creatinine/ : /^Serum kreatinin/), values.creatinine);
}

describe('the dose calculator', () => {
  it('shows every figure with its unit, and a Calvert dose whose GFR cap is explained', async () => {
    const user = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Dose Calculator' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'Dose Calculator' })).toBeInTheDocument();
    // 30 years, male, 80 kg, 0.6 mg/dL: Cockcroft-Gault 203.7 mL/min, capped at 125 for carboplatin AUC 5 → 750 mg.
    await fill(user, { height: '170', weight: '80', age: '30', sex: 'Male', creatinine: '0.6' });
    await user.selectOptions(screen.getByLabelText(/^Dose by/), 'Target AUC (Calvert)');
    await user.type(screen.getByLabelText(/^Amount/), '5');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));

    const mosteller = await screen.findByRole('article', { name: 'Body surface area — Mosteller' });
    expect(within(mosteller).getByText(/^1\.94/).closest('p')).toHaveTextContent('1.94 m²');
    expect(within(mosteller).getByText('used for the dose')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Creatinine clearance — Cockcroft–Gault — actual weight' })).toHaveTextContent('203.7 mL/min');
    expect(screen.getByRole('article', { name: 'Estimated GFR — CKD-EPI 2021' })).toHaveTextContent(/mL\/min\/1\.73 m²/);
    expect(screen.getByRole('article', { name: 'Body mass index' })).toHaveTextContent('27.68 kg/m²');

    const dose = screen.getByRole('article', { name: 'Dose' });
    expect(dose).toHaveTextContent('750 mg');
    expect(within(dose).getByRole('list', { name: 'Applied' })).toHaveTextContent('GFR capped at 125 mL/min (calculated 203.7 mL/min).');
    await user.click(within(dose).getByText('How'));
    expect(within(dose).getByText('Dose (mg) = target AUC (mg/mL·min) × (GFR (mL/min) + 25)')).toBeVisible();
    expect(within(dose).getByText('Target AUC').nextSibling).toHaveTextContent('5 mg/mL·min');
  });

  it('refuses an impossible input at its field, in English and in Turkish, and calculates nothing', async () => {
    const user = await open();
    await fill(user, { height: '170', weight: '70', age: '60', sex: 'Female', creatinine: '88' });
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    const creatinine = screen.getByLabelText(/^Serum creatinine/);
    expect(creatinine).toHaveAttribute('aria-invalid', 'true');
    expect(creatinine).toHaveAccessibleDescription(expect.stringContaining('Serum creatinine: 88 mg/dL is not possible; it must be from 0.1 to 40 mg/dL.'));
    expect(screen.getByText('Check the marked fields: nothing was calculated.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /Mosteller/ })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'tr');
    const kreatinin = await screen.findByLabelText(/^Serum kreatinin/);
    expect(kreatinin).toHaveAccessibleDescription(expect.stringContaining('Serum kreatinin: 88 mg/dL olamaz; 0,1 ile 40 mg/dL arasında olmalı.'));

    // The unit's slip corrected: µmol/L reads 88 as 0.995 mg/dL, and the Turkish page shows Turkish numbers.
    await user.selectOptions(screen.getByLabelText(/^Kreatinin birimi/), 'µmol/L');
    await user.click(screen.getByRole('button', { name: 'Hesapla' }));
    expect(await screen.findByRole('article', { name: 'Vücut yüzey alanı — Mosteller' })).toHaveTextContent('1,82 m²');
    expect(screen.queryByText('İşaretli alanları kontrol edin: hiçbir şey hesaplanmadı.')).not.toBeInTheDocument();
  });

  it('speaks Turkish at its Turkish path, and refuses a child at the age', async () => {
    const user = await open('/doz-hesaplayici');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'tr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Doz Hesaplayıcı' })).toBeInTheDocument();
    await fill(user, { height: '120', weight: '25', age: '8', sex: 'Erkek', creatinine: '0,5' }, false);
    await user.click(screen.getByRole('button', { name: 'Hesapla' }));
    const age = screen.getByLabelText(/^Yaş \(yıl\)/);
    expect(age).toHaveAccessibleDescription(expect.stringContaining('yetişkinler içindir'));
    await waitFor(() => expect(age).toHaveFocus());
  });
});
