// The typed confirmation of an action no one should take by a slip (deleting or purging a
// business): the action stays off until the registry number is typed exactly; Enter submits. While
// the action runs the field is read-only, not disabled: Chromium would drop its focus to the page.
import { useId } from 'react';
import { Field, TextInput } from './field.tsx';

interface TypedConfirmationProps {
  /** What must be typed: the business's registry number. */
  expected: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field; the caller checks that the value matches. */
  onSubmit: () => void;
  /** The action runs: the field keeps the focus, takes no typing, and Enter does nothing. */
  busy: boolean;
}

export function TypedConfirmation({ expected, value, onChange, onSubmit, busy }: TypedConfirmationProps) {
  const id = useId();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      <Field
        id={id}
        label={
          <>
            Escriba el número de registro <span className="font-mono">{expected}</span> para confirmar
          </>
        }
      >
        <TextInput
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          readOnly={busy}
          placeholder={expected}
          className="font-mono read-only:bg-slate-100"
        />
      </Field>
    </form>
  );
}
