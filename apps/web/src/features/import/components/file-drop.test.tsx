import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerSpanishMessages } from '../../../lib/spanish-messages.ts';
import { FileDrop } from './file-drop.tsx';

beforeAll(registerSpanishMessages);
afterEach(cleanup);

const fileOf = (bytes: number) => {
  const file = new File(['Nombre\r\nCafé\r\n'], 'negocios.csv', { type: 'text/csv' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};
const pick = (file: File) =>
  fireEvent.change(screen.getByLabelText('Archivo CSV o XLSX'), { target: { files: [file] } });

describe('the file to import', () => {
  it('refuses a file over 20 MB before uploading it, in Spanish, and takes the next one', () => {
    const onFile = vi.fn();
    render(<FileDrop onFile={onFile} uploading={false} error={null} />);
    pick(fileOf(20 * 1024 * 1024 + 1));
    expect(onFile).not.toHaveBeenCalled();
    expect(screen.getByText('El archivo pesa más de 20 MB.')).toBeTruthy();
    const small = fileOf(1024);
    pick(small);
    expect(onFile).toHaveBeenCalledWith(small);
    expect(screen.queryByText('El archivo pesa más de 20 MB.')).toBeNull();
  });
});
