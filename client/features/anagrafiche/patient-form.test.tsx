import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANAGRAFICHE_MSG } from '../../../common/anagrafiche.ts';
import { PatientFormModal } from './components/patient-form-modal.tsx';
import { renderWithCache } from '../../test/render.tsx';

afterEach(() => vi.restoreAllMocks());

const mario = {
  ID: 4,
  Nome: 'Mario',
  Cognome: 'Rossi',
  Cellulare: '+393331112222',
  Archiviato: false,
  Indirizzo: '',
  Carrozzina: false,
  NoteTrasporto: '',
};

describe('PatientFormModal', () => {
  it('shows the phone message under Cellulare and sends nothing for a number that is not an Italian mobile', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderWithCache(<PatientFormModal onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Nome'), 'Mario');
    await userEvent.type(screen.getByLabelText('Cognome'), 'Rossi');
    await userEvent.type(screen.getByLabelText('Cellulare'), '02 1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    const phone = screen.getByLabelText('Cellulare');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toContain('patient-mobile-error');
    expect(document.getElementById('patient-mobile-error')?.textContent).toBe(ANAGRAFICHE_MSG.phoneInvalid);
    expect(screen.getByLabelText('Nome').getAttribute('aria-invalid')).toBe('false');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('asks for a first and last name, each message under its own field', async () => {
    renderWithCache(<PatientFormModal onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    expect(document.getElementById('patient-name-error')?.textContent).toBe(ANAGRAFICHE_MSG.nameInvalid);
    expect(document.getElementById('patient-surname-error')?.textContent).toBe(ANAGRAFICHE_MSG.surnameInvalid);
    expect(document.getElementById('patient-mobile-error')?.textContent).toBe('');
  });

  it("clears a field's message as soon as it is edited", async () => {
    renderWithCache(<PatientFormModal onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await userEvent.type(screen.getByLabelText('Nome'), 'M');
    expect(screen.getByLabelText('Nome').getAttribute('aria-invalid')).toBe('false');
    expect(screen.getByLabelText('Cognome').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a stored number the way people read it when editing', () => {
    renderWithCache(<PatientFormModal patient={{ ...mario }} onClose={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Modifica paziente' })).toBeTruthy();
    expect((screen.getByLabelText('Cellulare') as HTMLInputElement).value).toBe('+39 333 1112222');
  });

  it('shows the pickup: address, wheelchair and notes, under Trasporto', () => {
    renderWithCache(
      <PatientFormModal
        patient={{ ...mario, Indirizzo: 'via Roma 12', Carrozzina: true, NoteTrasporto: 'citofono Rossi' }}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('group', { name: 'Trasporto' })).toBeTruthy();
    expect((screen.getByLabelText('Indirizzo') as HTMLInputElement).value).toBe('via Roma 12');
    expect((screen.getByLabelText('Viaggia in carrozzina') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Note per il trasporto') as HTMLInputElement).value).toBe('citofono Rossi');
  });
});
