// The category picker left with Tab: a category typed out in full is chosen, as the field shows it;
// other text gives way to the category chosen before. Its list is no Tab stop of its own.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CategoryCombobox, exactCategory, filterCategories } from './category-combobox.tsx';

afterEach(cleanup);

function Picker({ initial, onChange }: { initial: string; onChange: (category: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="category">Categoría</label>
      <CategoryCombobox
        id="category"
        value={value}
        onChange={(category) => {
          setValue(category);
          onChange(category);
        }}
      />
      <input aria-label="Siguiente" />
    </>
  );
}

async function typeAndTab(initial: string, typed: string) {
  const onChange = vi.fn();
  render(<Picker initial={initial} onChange={onChange} />);
  const user = userEvent.setup();
  const combobox = screen.getByRole('combobox', { name: 'Categoría' });
  // Typed over the whole text, as after selecting it.
  await user.type(combobox, typed, { initialSelectionStart: 0, initialSelectionEnd: initial.length });
  await user.tab();
  expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Siguiente' }));
  // The list closes (and the text settles) a moment after the focus leaves.
  await vi.waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return { onChange, combobox };
}

describe('exactCategory', () => {
  it('finds the category a text names in full, accents, case and spaces aside', () => {
    expect(exactCategory('restaurantes')).toBe('Restaurantes');
    expect(exactCategory('  ARTESANIAS ')).toBe('Artesanías');
    expect(exactCategory('Restaur')).toBeUndefined();
    expect(exactCategory('   ')).toBeUndefined();
  });
});

describe('CategoryCombobox left with Tab', () => {
  it('chooses a category typed out in full', async () => {
    const { onChange, combobox } = await typeAndTab('', 'artesanias');
    expect(onChange).toHaveBeenLastCalledWith('Artesanías');
    expect(combobox).toHaveProperty('value', 'Artesanías');
  });

  it('keeps the category chosen before when the text names none', async () => {
    const { onChange, combobox } = await typeAndTab('Restaurantes', 'Restaur');
    expect(onChange).not.toHaveBeenCalled();
    expect(combobox).toHaveProperty('value', 'Restaurantes');
  });

  it('keeps its list out of the Tab order', async () => {
    render(<Picker initial="" onChange={() => {}} />);
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Categoría' }));
    expect(screen.getByRole('listbox', { name: 'Categorías' }).getAttribute('tabindex')).toBe('-1');
  });
});

describe('CategoryCombobox and Enter', () => {
  const focused = async () => {
    const onChange = vi.fn();
    render(<Picker initial="" onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Categoría' }));
    expect(screen.getByRole('listbox', { name: 'Categorías' })).toBeTruthy();
    return { onChange, user, combobox: screen.getByRole('combobox', { name: 'Categoría' }) };
  };

  it('chooses nothing on an Enter right after the list opens: no option is active yet', async () => {
    const { onChange, user, combobox } = await focused();
    expect(combobox.getAttribute('aria-activedescendant')).toBeNull();
    await user.keyboard('{Enter}');
    expect(onChange).not.toHaveBeenCalled();
    expect(combobox).toHaveProperty('value', '');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('chooses the option the arrows reach', async () => {
    const { onChange, user } = await focused();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = screen.getAllByRole('option')[1]?.textContent;
    await user.keyboard('{Enter}');
    expect(second).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(second);
  });

  it('chooses the first match of a typed text', async () => {
    const { onChange, user } = await focused();
    await user.keyboard('artesan{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('Artesanías');
  });
});

describe('CategoryCombobox with no match', () => {
  const typed = async (text: string) => {
    render(<Picker initial="" onChange={() => {}} />);
    const user = userEvent.setup();
    const combobox = screen.getByRole('combobox', { name: 'Categoría' });
    await user.click(combobox);
    // The live region is there before its message, so that screen readers announce the message.
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard(text);
    return { user, combobox, status };
  };

  it('shows its message in a status region, with no listbox and the combobox collapsed', async () => {
    const { combobox, status } = await typed('zzzzqq');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(status.textContent).toBe('No se encontraron categorías');
    expect(screen.getByText('No se encontraron categorías')).toBe(status);
    expect(combobox.getAttribute('aria-expanded')).toBe('false');
    expect(combobox.getAttribute('aria-activedescendant')).toBeNull();
  });

  it('brings the list back, and empties the status, when the text matches again', async () => {
    const { user, combobox, status } = await typed('zzzzqq');
    await user.clear(combobox);
    await user.keyboard('artesan');
    expect(screen.getByRole('listbox', { name: 'Categorías' })).toBeTruthy();
    expect(combobox.getAttribute('aria-expanded')).toBe('true');
    expect(status.textContent).toBe('');
  });

  it('keeps its keys: arrows choose nothing, Enter and Escape put the message away', async () => {
    const { user, combobox, status } = await typed('zzzzqq');
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(combobox.getAttribute('aria-activedescendant')).toBeNull();
    expect(status.textContent).toBe('No se encontraron categorías');
    await user.keyboard('{Enter}');
    expect(status.textContent).toBe('');
    expect(combobox).toHaveProperty('value', 'zzzzqq');
    await user.keyboard('q');
    expect(status.textContent).toBe('No se encontraron categorías');
    await user.keyboard('{Escape}');
    expect(status.textContent).toBe('');
    expect(combobox).toHaveProperty('value', '');
  });
});

describe('filterCategories', () => {
  it('lists the names the text starts first, then those with a word it starts, then the rest', () => {
    expect(filterCategories('Rest')).toEqual([
      'Restaurantes',
      'Restaurantes de Mariscos',
      'Restaurantes Italianos',
      'Restaurantes Japoneses',
      'Suplidores de Restaurantes',
      'Prestamistas',
    ]);
    expect(filterCategories('seg')).toEqual([
      'Seguros de Salud',
      'Agencias de Seguros',
      'Alarmas y Sistemas de Seguridad',
      'Compañías de Seguridad',
      'Corredores de Seguros',
    ]);
  });

  it('ignores accents and case, and keeps the catalog order when nothing is typed', () => {
    expect(filterCategories('MUSICA')).toContain('Academias de Música');
    expect(filterCategories('  ', ['B', 'A'])).toEqual(['B', 'A']);
  });
});
