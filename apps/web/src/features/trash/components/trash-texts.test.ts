import { TRASH_MSG } from '@portal/contract/business-trash';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { BULK_RESTORE_TEXTS, failureText } from './trash-texts.ts';

beforeAll(registerSpanishMessages);

describe('what a failed restore or purge says', () => {
  it('names the business that now has the email, when the server says which', () => {
    const body = {
      error: TRASH_MSG.emailTaken,
      field: 'business_email',
      holder: { business_registry_number: 'REG000203', business_name: 'Otro Café' },
    };
    expect(failureText(new ApiError(TRASH_MSG.emailTaken, 409, body))).toBe(
      'No se puede restaurar: otro negocio tiene ahora este correo electrónico. Lo tiene «Otro Café» (REG000203).',
    );
  });

  it('says only the field when the server names no business', () => {
    const body = { error: TRASH_MSG.phoneTaken, field: 'business_phone' };
    expect(failureText(new ApiError(TRASH_MSG.phoneTaken, 409, body))).toBe(
      'No se puede restaurar: otro negocio tiene ahora este número de teléfono.',
    );
  });
});

describe("'Restaurar seleccionados'", () => {
  it('counts the selection and names the action by how many, in the singular for one', () => {
    expect(BULK_RESTORE_TEXTS.selected(1)).toBe('1 negocio seleccionado');
    expect(BULK_RESTORE_TEXTS.selected(1200)).toBe('1,200 negocios seleccionados');
    expect(BULK_RESTORE_TEXTS.askTitle(1)).toBe('Restaurar 1 negocio');
    expect(BULK_RESTORE_TEXTS.askTitle(3)).toBe('Restaurar 3 negocios');
    expect(BULK_RESTORE_TEXTS.doneTitle(3)).toBe('Restauración de 3 negocios');
    expect(BULK_RESTORE_TEXTS.confirm(1)).toBe(
      'Volverá al directorio con su historial, contenido y accesos.',
    );
    expect(BULK_RESTORE_TEXTS.confirm(2)).toMatch(/^Volverán al directorio/);
  });
});
