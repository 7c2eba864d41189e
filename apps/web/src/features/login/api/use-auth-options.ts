import { useEffect, useState } from 'react';
import { type AuthOptions, getAuthOptions } from '../../../api/auth-api.ts';

// Asked once per page load (it never changes while the server runs); a failure is asked again next time.
let request: Promise<AuthOptions> | null = null;

function loadAuthOptions(): Promise<AuthOptions> {
  request ??= getAuthOptions().catch((error: unknown) => {
    request = null;
    throw error;
  });
  return request;
}

/** The master identifier's hash, to pick the login variant (DESIGN §4). Plain React state: the login
 * page ships without TanStack Query. */
export function useAuthOptions(): AuthOptions | undefined {
  const [options, setOptions] = useState<AuthOptions>();
  useEffect(() => {
    let current = true;
    loadAuthOptions().then(
      (answer) => current && setOptions(answer),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return options;
}
