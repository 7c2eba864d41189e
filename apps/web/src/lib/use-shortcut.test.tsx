import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isTypingTarget, matchesShortcut, useShortcut } from './use-shortcut.ts';

afterEach(cleanup);

function Probe({
  spec,
  onHit,
  whileTyping,
}: {
  spec: string | string[];
  onHit: () => void;
  whileTyping?: boolean;
}) {
  useShortcut(spec, onHit, { whileTyping });
  return (
    <div>
      <input aria-label="Nombre" />
      <textarea aria-label="Nota" />
      <select aria-label="Tipo">
        <option>a</option>
      </select>
      <div contentEditable suppressContentEditableWarning data-testid="editable">
        x
      </div>
      <button type="button">Botón</button>
    </div>
  );
}

describe('matchesShortcut', () => {
  const key = (init: KeyboardEventInit) => new KeyboardEvent('keydown', init);
  it('reads mod+k as Ctrl+K or ⌘K, in either case', () => {
    expect(matchesShortcut('mod+k', key({ key: 'k', ctrlKey: true }))).toBe(true);
    expect(matchesShortcut('mod+k', key({ key: 'K', metaKey: true }))).toBe(true);
    expect(matchesShortcut('mod+k', key({ key: 'k' }))).toBe(false);
    expect(matchesShortcut('mod+k', key({ key: 'k', ctrlKey: true, altKey: true }))).toBe(false);
  });
  it('reads a plain key only without Ctrl, ⌘ or Alt', () => {
    expect(matchesShortcut('/', key({ key: '/' }))).toBe(true);
    expect(matchesShortcut('?', key({ key: '?', shiftKey: true }))).toBe(true);
    expect(matchesShortcut('/', key({ key: '/', ctrlKey: true }))).toBe(false);
    expect(matchesShortcut('j', key({ key: 'j', metaKey: true }))).toBe(false);
    expect(matchesShortcut('j', key({ key: 'J' }))).toBe(false);
  });
});

describe('isTypingTarget', () => {
  it('is true inside inputs, textareas, selects and editable text, false elsewhere', () => {
    render(<Probe spec="/" onHit={() => {}} />);
    expect(isTypingTarget(screen.getByLabelText('Nombre'))).toBe(true);
    expect(isTypingTarget(screen.getByLabelText('Nota'))).toBe(true);
    expect(isTypingTarget(screen.getByLabelText('Tipo'))).toBe(true);
    expect(isTypingTarget(screen.getByTestId('editable'))).toBe(true);
    expect(isTypingTarget(screen.getByRole('button', { name: 'Botón' }))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });
});

describe('useShortcut', () => {
  it('fires on the page and leaves the key to a field being typed in', async () => {
    const onHit = vi.fn();
    render(<Probe spec={['/', '?', 'j']} onHit={onHit} />);
    const user = userEvent.setup();
    await user.keyboard('/');
    expect(onHit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByLabelText('Nombre'));
    await user.keyboard('/?j');
    expect(onHit).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Nombre')).toHaveProperty('value', '/?j');
    await user.click(screen.getByLabelText('Nota'));
    await user.keyboard('j');
    expect(onHit).toHaveBeenCalledTimes(1);
  });

  it('fires a modifier shortcut in a field only when told to', () => {
    const plain = vi.fn();
    const { unmount } = render(<Probe spec="mod+k" onHit={plain} />);
    fireEvent.keyDown(screen.getByLabelText('Nombre'), { key: 'k', ctrlKey: true });
    expect(plain).not.toHaveBeenCalled();
    unmount();
    const anywhere = vi.fn();
    render(<Probe spec="mod+k" onHit={anywhere} whileTyping />);
    fireEvent.keyDown(screen.getByLabelText('Nombre'), { key: 'k', ctrlKey: true });
    expect(anywhere).toHaveBeenCalledTimes(1);
  });

  it('ignores a key a handler closer to the field already took', () => {
    const onHit = vi.fn();
    render(<Probe spec="?" onHit={onHit} />);
    const button = screen.getByRole('button', { name: 'Botón' });
    button.addEventListener('keydown', (event) => event.preventDefault());
    fireEvent.keyDown(button, { key: '?' });
    expect(onHit).not.toHaveBeenCalled();
  });
});
