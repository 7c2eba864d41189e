import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pagination, pageWindow } from './pagination.tsx';

afterEach(cleanup);

describe('pageWindow', () => {
  it('shows at most five pages around the current one', () => {
    expect(pageWindow(1, 3, 5)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 12, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 12, 5)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(12, 12, 5)).toEqual([8, 9, 10, 11, 12]);
  });
});

describe('Pagination', () => {
  it('says "Página X de Y" and moves by buttons', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={2} totalPages={4} onPageChange={onPageChange} />);
    expect(screen.getByText('Página 2 de 4')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await userEvent.click(screen.getByRole('button', { name: 'Página 4' }));
    expect(onPageChange.mock.calls).toEqual([[3], [4]]);
  });

  it('writes page numbers as Puerto Rico reads them: "Página 1,250 de 1,300"', () => {
    render(<Pagination page={1250} totalPages={1300} onPageChange={() => {}} />);
    expect(screen.getByText('Página 1,250 de 1,300')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Página 1,250' }).textContent).toBe('1,250');
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('Pagination and the keyboard focus', () => {
  function Paged({ start }: { start: number }) {
    const [page, setPage] = useState(start);
    return <Pagination page={page} totalPages={3} onPageChange={setPage} />;
  }

  it.each([
    [2, 'Página siguiente', 'Página 3'],
    [2, 'Página anterior', 'Página 1'],
  ])(
    'from page %i, %s to the edge gives the focus to the new page, not to the page behind',
    (start, name, to) => {
      render(<Paged start={start} />);
      const edge = screen.getByRole('button', { name });
      edge.focus();
      fireEvent.click(edge);
      expect((edge as HTMLButtonElement).disabled).toBe(true);
      expect(document.activeElement).toBe(screen.getByRole('button', { name: to }));
    },
  );

  it('leaves the focus alone when it stays on an enabled button', () => {
    render(<Paged start={1} />);
    const next = screen.getByRole('button', { name: 'Página siguiente' });
    next.focus();
    fireEvent.click(next);
    expect(document.activeElement).toBe(next);
  });
});

describe('Pagination and the list it pages', () => {
  function PagedList({ start = 1 }: { start?: number }) {
    const [page, setPage] = useState(start);
    return (
      <div data-testid="list">
        <p>Filas de la página {page}</p>
        <Pagination page={page} totalPages={3} onPageChange={setPage} />
      </div>
    );
  }

  /** The list, its top at `top` px from the top of the window; its scrolls are recorded. */
  function listAt(top: number) {
    const list = screen.getByTestId('list');
    const scroll = vi.fn();
    list.scrollIntoView = scroll;
    list.getBoundingClientRect = () => ({ top }) as DOMRect;
    return { scroll };
  }

  it.each([
    ['Página 2', 'Página 2'],
    ['Página siguiente', 'Página siguiente'],
    ['Página siguiente', 'Página 3'],
  ])('after %s, the list top scrolls back under the header and the focus stays on %s', (name, focused) => {
    render(<PagedList start={focused === 'Página 3' ? 2 : 1} />);
    const { scroll } = listAt(-900);
    const button = screen.getByRole('button', { name });
    button.focus();
    fireEvent.click(button);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll.mock.calls[0]?.[0]).toMatchObject({ block: 'start' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: focused }));
  });

  it('leaves the scroll alone when the list top is in view, or for the current page', () => {
    render(<PagedList />);
    const { scroll } = listAt(200);
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(screen.getByText('Filas de la página 2')).toBeTruthy();
    listAt(-900);
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(scroll).not.toHaveBeenCalled();
  });

  it('does not scroll on a page change the pager did not make (a new filter back to page 1)', () => {
    const { rerender } = render(
      <div data-testid="list">
        <Pagination page={2} totalPages={3} onPageChange={() => {}} />
      </div>,
    );
    const { scroll } = listAt(-900);
    rerender(
      <div data-testid="list">
        <Pagination page={1} totalPages={3} onPageChange={() => {}} />
      </div>,
    );
    expect(scroll).not.toHaveBeenCalled();
  });
});
