import { MSG } from '@portal/contract/messages';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setMessageTranslator } from '../lib/message-translator.ts';
import { registerSpanishMessages } from '../lib/spanish-messages.ts';
import { Field, TextInput } from './field.tsx';

afterEach(() => setMessageTranslator(null));

describe('Field', () => {
  it("shows a contract's English message in Spanish (the date filter)", () => {
    registerSpanishMessages();
    render(
      <Field id="to" label="Fecha Hasta" error={MSG.dateFromBeforeTo}>
        <TextInput id="to" />
      </Field>,
    );
    expect(screen.getByRole('alert').textContent).toBe('La fecha desde debe ser anterior a la fecha hasta.');
  });
});
