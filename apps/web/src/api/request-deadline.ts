// One signal that aborts when the caller aborts (a TanStack Query cancel) or when the request has
// waited REQUEST_TIMEOUT_MS. Written out: AbortSignal.any and AbortSignal.timeout are missing from
// some browsers the portal supports, and a plain setTimeout follows test fake timers. Kept small:
// the login page downloads it.
import { REQUEST_TIMEOUT_MS } from './runtime-config.ts';

export interface Deadline {
  signal: AbortSignal;
  /** True once the time ran out (then an abort is a timeout, not the caller's). */
  expired(): boolean;
  /** Stops the timer and the link to the caller's signal. */
  done(): void;
}

export function startDeadline(caller?: AbortSignal, ms = REQUEST_TIMEOUT_MS): Deadline {
  const controller = new AbortController();
  let expired = false;
  const abort = () => controller.abort(caller?.reason);
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, ms);
  if (caller?.aborted) abort();
  else caller?.addEventListener('abort', abort);
  return {
    signal: controller.signal,
    expired: () => expired,
    done: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', abort);
    },
  };
}

/** Waits for `promise`, but no longer than until `signal` aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort);
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
