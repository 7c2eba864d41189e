import { describe, expect, it } from 'vitest';
import { moreText } from '../../ui/business-names.tsx';
import { bulkTitle, confirmText, doneNote, outcomeTitle, trashNote } from './bulk-wording.ts';

describe("a bulk action's dialog title, one pattern for all", () => {
  it('says what it will do to how many, naming the noun once', () => {
    expect(bulkTitle('delete', 2)).toBe('Eliminar 2 negocios');
    expect(bulkTitle('delete', 1)).toBe('Eliminar 1 negocio');
    expect(bulkTitle('verify_email', 3)).toBe('Verificar el email de 3 negocios');
    expect(bulkTitle('verify_phone', 12)).toBe('Verificar el teléfono de 12 negocios');
    expect(bulkTitle('category', 3)).toBe('Cambiar la categoría de 3 negocios');
    expect(bulkTitle('category', 1000)).toBe('Cambiar la categoría de 1,000 negocios');
  });

  it('once run, names the action; after Deshacer, the restoration', () => {
    expect(bulkTitle('delete', 2, 'done')).toBe('Eliminación de 2 negocios');
    expect(bulkTitle('verify_email', 3, 'done')).toBe('Verificación del email de 3 negocios');
    expect(bulkTitle('verify_phone', 1, 'done')).toBe('Verificación del teléfono de 1 negocio');
    expect(bulkTitle('category', 3, 'done')).toBe('Cambio de categoría de 3 negocios');
    expect(bulkTitle('delete', 2, 'undone')).toBe('Restauración de 2 negocios');
  });

  it('asks in the singular for one business, and cuts a list with how many more', () => {
    expect(confirmText('delete', 1)).toBe(
      'Se eliminará 1 negocio con todos sus datos; podrá restaurarlo desde la Papelera.',
    );
    expect(confirmText('category', 1)).toBe('Elija la categoría que tendrá el negocio.');
    expect(confirmText('category', 3)).toBe('Elija la categoría que tendrán los 3 negocios.');
    expect(moreText(995)).toBe('y 995 más');
    expect(moreText(1995)).toBe('y 1,995 más');
  });
});

describe("a bulk action's result, in the action's own words", () => {
  it('a deletion says the businesses went to the Papelera, and how to bring them back', () => {
    expect(outcomeTitle('delete', 2, 2)).toBe('Se enviaron 2 negocios a la Papelera');
    expect(outcomeTitle('delete', 1, 1)).toBe('Se envió 1 negocio a la Papelera');
    expect(outcomeTitle('delete', 1, 3)).toBe('Se envió 1 de 3 negocios a la Papelera');
    expect(outcomeTitle('delete', 11, 12)).toBe('Se enviaron 11 de 12 negocios a la Papelera');
    expect(outcomeTitle('delete', 0, 1)).toBe('No se eliminó el negocio');
    expect(outcomeTitle('delete', 0, 3)).toBe('No se eliminó ninguno de los 3 negocios');
    expect(doneNote('delete', 2)).toBe(
      'Los negocios eliminados pueden restaurarse desde la Papelera, o ahora mismo con «Deshacer».',
    );
    expect(trashNote(1)).toBe(
      'El negocio eliminado puede restaurarse desde la Papelera, o ahora mismo con «Deshacer».',
    );
  });

  it('a verification says which contact is verified now', () => {
    expect(outcomeTitle('verify_email', 12, 12)).toBe('Email verificado en 12 negocios');
    expect(outcomeTitle('verify_phone', 1, 1)).toBe('Teléfono verificado en 1 negocio');
    expect(outcomeTitle('verify_phone', 2, 3)).toBe('Teléfono verificado en 2 de 3 negocios');
    expect(outcomeTitle('verify_email', 0, 1)).toBe('No se verificó el email del negocio');
    expect(outcomeTitle('verify_phone', 0, 4)).toBe(
      'No se verificó el teléfono de ninguno de los 4 negocios',
    );
    expect(doneNote('verify_email', 12)).toBe('Los negocios seleccionados tienen ahora el email verificado.');
    expect(doneNote('verify_phone', 1)).toBe('El negocio seleccionado tiene ahora el teléfono verificado.');
  });

  it('a change of category names the category set', () => {
    expect(outcomeTitle('category', 3, 3)).toBe('Categoría cambiada en 3 negocios');
    expect(outcomeTitle('category', 2, 3)).toBe('Categoría cambiada en 2 de 3 negocios');
    expect(outcomeTitle('category', 0, 2)).toBe('No se cambió la categoría de ninguno de los 2 negocios');
    expect(doneNote('category', 3, 'Ferreterías')).toBe(
      'Los negocios seleccionados tienen ahora la categoría «Ferreterías».',
    );
  });

  it('writes counts past a thousand the es-PR way', () => {
    expect(outcomeTitle('verify_email', 1000, 1000)).toBe('Email verificado en 1,000 negocios');
  });
});
