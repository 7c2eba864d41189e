import { EMPTY_REGISTER_BUSINESS_FORM } from '@portal/contract/register-business-form';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearRegistrationDraft,
  readRegistrationDraft,
  saveRegistrationDraft,
} from './registration-draft.ts';

afterEach(() => clearRegistrationDraft());

describe('the draft of Registrar Nuevo Negocio', () => {
  it('gives back what the same person typed, and nothing to anyone else', () => {
    saveRegistrationDraft('admin:7', { business_name: 'Panadería La Esquina', business_phone: '(787) 555' });
    expect(readRegistrationDraft('admin:7')).toEqual({
      ...EMPTY_REGISTER_BUSINESS_FORM,
      business_name: 'Panadería La Esquina',
      business_phone: '(787) 555',
    });
    expect(readRegistrationDraft('admin:8')).toBeNull();
    expect(readRegistrationDraft('master:Master User')).toBeNull();
  });

  it('keeps no draft of an empty form, nor once cleared', () => {
    saveRegistrationDraft('admin:7', { business_name: 'Algo' });
    saveRegistrationDraft('admin:7', { ...EMPTY_REGISTER_BUSINESS_FORM });
    expect(readRegistrationDraft('admin:7')).toBeNull();
    saveRegistrationDraft('admin:7', { email_verified: true });
    expect(readRegistrationDraft('admin:7')).not.toBeNull();
    clearRegistrationDraft();
    expect(readRegistrationDraft('admin:7')).toBeNull();
  });
});
