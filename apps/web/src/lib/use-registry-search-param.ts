// The registry number a lookup screen shows lives in the URL (?registro=REG000123, beside the
// dashboard's ?tab=), so reload and Back restore it (DESIGN §9: list state lives in the URL).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export const REGISTRY_PARAM = 'registro';

export function useRegistrySearchParam() {
  const [params, setParams] = useSearchParams();
  const registry = (params.get(REGISTRY_PARAM) ?? '').trim().toUpperCase();

  // The search form keeps its own text; it is re-created with the URL's value only when the URL
  // changed some other way (Back, Forward, a link), never after its own submit, so focus stays put.
  const submitted = useRef(registry);
  const [formKey, setFormKey] = useState(0);
  useEffect(() => {
    if (registry !== submitted.current) {
      submitted.current = registry;
      setFormKey((key) => key + 1);
    }
  }, [registry]);

  /** Shows `next` ('' for none: the parameter goes), dropping the `reset` parameters (a page of its results). */
  const setRegistry = useCallback(
    (next: string, reset: readonly string[] = []) => {
      submitted.current = next;
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === '') updated.delete(REGISTRY_PARAM);
        else updated.set(REGISTRY_PARAM, next);
        for (const name of reset) updated.delete(name);
        return updated;
      });
    },
    [setParams],
  );

  return { registry, setRegistry, formKey };
}
