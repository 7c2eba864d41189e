import { Banner } from '../../../ui/banner.tsx';
import { describeLoginError } from '../login-messages.ts';

/** A failed sign-in (SPEC §8 "Login"): yellow when the server answered, red when it could not be reached. */
export function LoginFailureBanner({ error }: { error: unknown }) {
  const failure = describeLoginError(error);
  return <Banner tone={failure.kind === 'connection' ? 'error' : 'warning'}>{failure.message}</Banner>;
}
