import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, RequestTimeoutError } from '../api/api-error.ts';
import { restoreFailureReason, restoreNote, restoreTitle, restoringText } from './restore-wording.ts';
import { registerSpanishMessages } from './spanish-messages.ts';

describe('restoring many businesses from the trash', () => {
  beforeAll(() => registerSpanishMessages());

  it('says how many came back and, when some did not, where to try again', () => {
    expect(restoreTitle(2, 2)).toBe('Se restauraron 2 negocios');
    expect(restoreTitle(1, 1)).toBe('Se restauró 1 negocio');
    expect(restoreTitle(1, 2)).toBe('Se restauró 1 de 2 negocios');
    expect(restoreTitle(0, 3)).toBe('No se restauró ninguno de los 3 negocios');
    expect(restoreTitle(0, 1)).toBe('No se restauró el negocio');
    expect(restoreNote(2, 2, 'trash')).toBe('Vuelven a estar en el directorio con todos sus datos.');
    expect(restoreNote(1, 2, 'trash')).toBe(
      'Abajo se indica por qué no se pudo restaurar uno; puede volver a intentarlo desde la Papelera.',
    );
  });

  it('in the Papelera, says the ones that did not come back stay selected', () => {
    expect(restoreNote(2, 3, 'selection')).toBe(
      'Abajo se indica por qué no se pudo restaurar uno; sigue seleccionado para volver a intentarlo.',
    );
    expect(restoreNote(1, 3, 'selection')).toBe(
      'Abajo se indica, negocio por negocio, por qué no se pudieron restaurar; siguen seleccionados para volver a intentarlo.',
    );
    expect(restoringText(2, 1200)).toBe('Restaurando 2 de 1,200 negocios…');
  });

  it('says why a business was not restored, and which business holds what it needed', () => {
    const taken = new ApiError('Cannot restore: another business now has this email', 409, {
      message: 'Cannot restore: another business now has this email',
      holder: { business_registry_number: 'REG000077', business_name: 'Café Nuevo' },
    });
    expect(restoreFailureReason(taken)).toBe(
      'No se puede restaurar: otro negocio tiene ahora este correo electrónico. Lo tiene «Café Nuevo» (REG000077).',
    );
    expect(restoreFailureReason(new RequestTimeoutError())).toBe(
      'El servidor no respondió a tiempo: no se pudo confirmar si se restauró el negocio. Revise la Papelera antes de volver a intentarlo.',
    );
  });
});
