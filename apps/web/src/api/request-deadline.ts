// One signal that aborts when the caller aborts (a TanStack Query cancel) or when the request has
// waited too long. Written out: AbortSignal.any and AbortSignal.timeout are missing from some
// browsers the portal supports, and a plain setTimeout follows test fake timers.
import { requestTimeoutMs } from './runtime-config.ts';

export interface Deadline {
  signal: AbortSignal;
  /** True once the time ran out (and not because the caller aborted first). */
  readonly expired: boolean;
  /** Starts the wait again: used while a download keeps receiving bytes. */
  restart(): void;
  /** Stops the timer and the link to the caller's signal. */
  done(): void;
}

export function startDeadline(callerSignal?: AbortSignal, ms: number = requestTimeoutMs()): Deadline {
  const controller = new AbortController();
  let expired = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onCallerAbort = () => {
    clearTimeout(timer);
    controller.abort(callerSignal?.reason);
  };
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      expired = true;
      controller.abort(new DOMException('The server did not answer in time', 'TimeoutError'));
    }, ms);
  };
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else {
    callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
    arm();
  }
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    restart: () => {
      if (!controller.signal.aborted) arm();
    },
    done: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}

/** Waits for `promise`, but no longer than until `signal` aborts. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
