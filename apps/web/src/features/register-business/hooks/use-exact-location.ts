import { useCallback, useRef, useState } from 'react';
import { type Coordinates, currentPosition } from '../../../lib/geolocation.ts';

export type ExactLocationState =
  | { status: 'off'; error: string | null }
  | { status: 'locating' }
  | { status: 'located'; coordinates: Coordinates };

/** The 'Usar mi ubicación exacta' checkbox: asks the browser, and unchecks itself on failure (SPEC §4). */
export function useExactLocation() {
  const [state, setState] = useState<ExactLocationState>({ status: 'off', error: null });
  const request = useRef(0);

  const setChecked = useCallback((checked: boolean) => {
    const id = ++request.current;
    if (!checked) {
      setState({ status: 'off', error: null });
      return;
    }
    setState({ status: 'locating' });
    currentPosition().then(
      (coordinates) => {
        if (request.current === id) setState({ status: 'located', coordinates });
      },
      (error: Error) => {
        if (request.current === id) setState({ status: 'off', error: error.message });
      },
    );
  }, []);

  const reset = useCallback(() => {
    request.current++;
    setState({ status: 'off', error: null });
  }, []);

  return { state, setChecked, reset };
}
