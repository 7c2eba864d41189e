import { MSG } from '@portal/contract/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMessageTranslator } from '../lib/message-translator.ts';
import { registerSpanishMessages } from '../lib/spanish-messages.ts';
import { sessionStore } from '../session/session-store.ts';
import { adminSession, masterSession } from '../test/session-fixtures.ts';
import { signedOutWithFakeFetch } from '../test/signed-out-with-fake-fetch.ts';
import { NetworkError, RequestTimeoutError } from './api-error.ts';
import { apiRequest, staffPath } from './http-client.ts';
import { REQUEST_TIMEOUT_MS } from './runtime-config.ts';

const DATA = '/admin/business-data/api/v1/business-data';
const fake = signedOutWithFakeFetch();

describe('headers', () => {
  it('sends Bearer and X-Admin-Id for an admin', async () => {
    sessionStore.signIn(adminSession());
    fake().on(`GET ${DATA}`, { status: 200, body: { success: true } });
    await apiRequest(DATA, { query: { limit: 10, search: '', category: undefined } });
    const [call] = fake().calls;
    expect(call.path).toBe(`${DATA}?limit=10`);
    expect(call.headers.Authorization).toBe('Bearer jwt-admin-1');
    expect(call.headers['X-Admin-Id']).toBe('7');
    expect(call.headers['X-Master-Key']).toBeUndefined();
  });

  it('sends Bearer and X-Master-Key for a master', async () => {
    sessionStore.signIn(masterSession());
    fake().on('GET /master/x', { status: 200, body: {} });
    await apiRequest('/master/x');
    expect(fake().calls[0].headers).toMatchObject({
      Authorization: 'Bearer jwt-master-1',
      'X-Master-Key': 'key-123',
    });
    expect(fake().calls[0].headers['X-Admin-Id']).toBeUndefined();
  });

  it('sends no credentials on a public call', async () => {
    sessionStore.signIn(adminSession());
    fake().on('GET /health', { status: 200, body: {} });
    await apiRequest('/health', { auth: false });
    expect(fake().calls[0].headers.Authorization).toBeUndefined();
  });
});

describe('errors (SPEC §8 "Generic")', () => {
  it.each([
    [{ error: 'Business not found', message: 'other' }, 'Business not found'],
    [{ message: 'Only the message' }, 'Only the message'],
    [{ success: false }, 'Request failed'],
    [null, 'Request failed'],
  ])('a 404 with %j raises %s', async (body, expected) => {
    fake().on('GET /x', { status: 404, body: body ?? undefined });
    await expect(apiRequest('/x', { auth: false })).rejects.toMatchObject({
      name: 'ApiError',
      message: expected,
      status: 404,
    });
  });

  it('uses the per-operation fallback when the body says nothing', async () => {
    fake().on('GET /x', { status: 500, body: {} });
    await expect(
      apiRequest('/x', { auth: false, fallbackMessage: 'Failed to list admin accounts' }),
    ).rejects.toThrow('Failed to list admin accounts');
  });

  it('a failed connection is a NetworkError', async () => {
    fake().on('GET /x', 'network-error');
    await expect(apiRequest('/x', { auth: false })).rejects.toBeInstanceOf(NetworkError);
  });

  it('a 204 resolves to null', async () => {
    fake().on('DELETE /x', { status: 204 });
    await expect(apiRequest('/x', { method: 'DELETE', auth: false })).resolves.toBeNull();
  });
});

describe('401: one refresh, one retry (SPEC §4)', () => {
  it('refreshes the token, retries with it and keeps it', async () => {
    sessionStore.signIn(adminSession('old'));
    fake().on(
      `GET ${DATA}`,
      { status: 401, body: { error: MSG.unauthorized } },
      { status: 200, body: { businesses: [1] } },
    );
    fake().on('POST /auth/refresh', {
      status: 200,
      body: { success: true, jwt: 'new', session_id: 'sess-admin', expires_at: 1_950_000_000 },
    });
    await expect(apiRequest(DATA)).resolves.toEqual({ businesses: [1] });
    expect(fake().callsTo('/auth/refresh')[0].headers.Authorization).toBe('Bearer old');
    expect(
      fake()
        .callsTo(DATA)
        .map((call) => call.headers.Authorization),
    ).toEqual(['Bearer old', 'Bearer new']);
    expect(localStorage.getItem('jwt')).toBe('new');
    expect(sessionStore.getState().session?.user.expiresAt).toBe(1_950_000_000);
  });

  it('a 401 with its own message (a wrong email-change code) is the answer: no refresh, no second try', async () => {
    sessionStore.signIn(adminSession('old'));
    const path = '/admin/email-change/api/v1/email-change/complete';
    fake().on(`POST ${path}`, { status: 401, body: { error: MSG.emailChangeUnauthorized } });
    await expect(apiRequest(path, { method: 'POST', body: {} })).rejects.toMatchObject({
      message: MSG.emailChangeUnauthorized,
      status: 401,
    });
    expect(fake().callsTo(path)).toHaveLength(1);
    expect(fake().callsTo('/auth/refresh')).toHaveLength(0);
    expect(sessionStore.getState().session?.jwt).toBe('old');
  });

  it('concurrent 401s share one refresh', async () => {
    sessionStore.signIn(adminSession('old'));
    fake().on('GET /a', { status: 401 }, { status: 200, body: { a: 1 } });
    fake().on('GET /b', { status: 401 }, { status: 200, body: { b: 2 } });
    fake().on('GET /c', { status: 401 }, { status: 200, body: { c: 3 } });
    fake().on('POST /auth/refresh', { status: 200, body: { jwt: 'new' } });
    const release = fake().hold('POST /auth/refresh');
    const results = Promise.all([apiRequest('/a'), apiRequest('/b'), apiRequest('/c')]);
    await vi.waitFor(() => expect(fake().calls.length).toBe(4));
    release();
    await expect(results).resolves.toEqual([{ a: 1 }, { b: 2 }, { c: 3 }]);
    expect(fake().callsTo('/auth/refresh')).toHaveLength(1);
    for (const path of ['/a', '/b', '/c'])
      expect(fake().callsTo(path)[1].headers.Authorization).toBe('Bearer new');
  });

  it('a 401 for a token already replaced retries without refreshing again', async () => {
    sessionStore.signIn(adminSession('old'));
    const releaseA = fake().hold('GET /slow');
    fake().on('GET /slow', { status: 401 }, { status: 200, body: { ok: true } });
    fake().on('GET /fast', { status: 401 }, { status: 200, body: {} });
    fake().on('POST /auth/refresh', { status: 200, body: { jwt: 'new' } });
    const slow = apiRequest('/slow');
    await apiRequest('/fast');
    releaseA();
    await expect(slow).resolves.toEqual({ ok: true });
    expect(fake().callsTo('/auth/refresh')).toHaveLength(1);
  });

  it('a failed refresh logs out and raises "Session expired"', async () => {
    sessionStore.signIn(adminSession('old'));
    fake().on(`GET ${DATA}`, { status: 401 });
    fake().on('POST /auth/refresh', {
      status: 401,
      body: { error: 'Unauthorized: Invalid or expired session.' },
    });
    await expect(apiRequest(DATA)).rejects.toMatchObject({
      name: 'ApiError',
      message: 'Session expired',
      status: 401,
    });
    expect(sessionStore.getState()).toEqual({ status: 'anonymous', session: null, expired: true });
    expect(localStorage.length).toBe(0);
    expect(fake().callsTo(DATA)).toHaveLength(1);
  });

  it('a session ended from another device expires with that reason, for the login screen', async () => {
    sessionStore.signIn(adminSession('old'));
    fake().on(`GET ${DATA}`, { status: 401 });
    fake().on('POST /auth/refresh', { status: 401, body: { error: 'Session ended from another device' } });
    await expect(apiRequest(DATA)).rejects.toMatchObject({ name: 'ApiError', status: 401 });
    expect(sessionStore.getState()).toEqual({
      status: 'anonymous',
      session: null,
      expired: true,
      endedElsewhere: true,
    });
  });

  it('retries only once: a second 401 raises the server message', async () => {
    sessionStore.signIn(adminSession('old'));
    fake().on(
      `GET ${DATA}`,
      { status: 401 },
      { status: 401, body: { error: 'Admin account is not active' } },
    );
    fake().on('POST /auth/refresh', { status: 200, body: { jwt: 'new' } });
    await expect(apiRequest(DATA)).rejects.toThrow('Admin account is not active');
    expect(fake().callsTo(DATA)).toHaveLength(2);
    expect(fake().callsTo('/auth/refresh')).toHaveLength(1);
  });

  it('does not refresh for calls that opt out (login)', async () => {
    fake().on('POST /auth/login', { status: 401, body: { error: 'Credenciales inválidas' } });
    await expect(apiRequest('/auth/login', { method: 'POST', body: {}, auth: false })).rejects.toThrow(
      'Credenciales inválidas',
    );
    expect(fake().callsTo('/auth/refresh')).toHaveLength(0);
  });
});

describe('staffPath', () => {
  it('uses the family of the signed-in login type', () => {
    sessionStore.signIn(adminSession());
    expect(staffPath('/business-data/api/v1/business-data')).toBe(
      '/admin/business-data/api/v1/business-data',
    );
    sessionStore.signIn(masterSession());
    expect(staffPath('business-data/api/v1/business-data')).toBe(
      '/master/business-data/api/v1/business-data',
    );
  });

  it('refuses any other login type', () => {
    sessionStore.signIn({ ...adminSession(), loginType: 'user' });
    expect(() => staffPath('/business-data')).toThrow('Invalid login type for business data access');
  });
});

describe('every request ends', () => {
  /** A fetch that never answers, but rejects as browsers do when its signal aborts. */
  function installSilentServer() {
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  afterEach(() => {
    vi.useRealTimers();
  });

  it('a server that never answers fails with a Spanish timeout after REQUEST_TIMEOUT_MS', async () => {
    vi.useFakeTimers();
    installSilentServer();
    const outcome = apiRequest('/x', { auth: false }).then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    await expect(Promise.race([outcome, Promise.resolve('pending')])).resolves.toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe('El servidor no respondió a tiempo. Intente de nuevo.');
  });

  it("the caller's own abort stays an AbortError, not a timeout", async () => {
    vi.useFakeTimers();
    installSilentServer();
    const caller = new AbortController();
    const outcome = apiRequest('/x', { auth: false, signal: caller.signal }).catch((error: unknown) => error);
    caller.abort();
    const error = (await outcome) as Error;
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error.name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a token refresh that never answers does not hold the request past the deadline', async () => {
    vi.useFakeTimers();
    sessionStore.signIn(adminSession('old'));
    const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/auth/refresh')
        ? new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          })
        : Promise.resolve(new Response(JSON.stringify({ error: MSG.unauthorized }), { status: 401 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    const outcome = apiRequest(DATA).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await outcome).toBeInstanceOf(RequestTimeoutError);
  });

  it('offline (fetch throws) ends at once in a NetworkError with Spanish text', async () => {
    fake().on('GET /x', 'network-error');
    const error = (await apiRequest('/x', { auth: false }).catch((failure: unknown) => failure)) as Error;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(RequestTimeoutError);
    expect(error.message).toBe('Error de conexión. Por favor intente nuevamente.');
  });

  it('an answer in time clears its timer', async () => {
    vi.useFakeTimers();
    fake().on('GET /x', { status: 200, body: { ok: true } });
    await expect(apiRequest('/x', { auth: false })).resolves.toEqual({ ok: true });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('what a person reads of a failed answer', () => {
  beforeEach(() => registerSpanishMessages());
  afterEach(() => setMessageTranslator(null));

  it('a known server message reads in Spanish; the server words stay for logic', async () => {
    sessionStore.signIn(adminSession());
    const path = '/admin/email-change/api/v1/email-change/complete';
    fake().on(`POST ${path}`, {
      status: 401,
      body: { error: MSG.emailChangeUnauthorized, request_id: 'r-1' },
    });
    await expect(apiRequest(path, { method: 'POST', body: {} })).rejects.toMatchObject({
      message: 'No autorizado: el código de verificación no es válido o no tiene acceso.',
      serverMessage: MSG.emailChangeUnauthorized,
      status: 401,
    });
  });

  it('an unknown message reads as the generic Spanish text with the request id', async () => {
    fake().on('GET /x', { status: 500, body: { error: 'pool exhausted', request_id: 'req-9f2' } });
    await expect(apiRequest('/x', { auth: false })).rejects.toMatchObject({
      message: 'Ocurrió un error inesperado. Código de soporte: req-9f2',
      serverMessage: 'pool exhausted',
    });
  });

  it('a known 5xx message keeps the request id too', async () => {
    fake().on('GET /x', { status: 503, body: { error: MSG.serviceUnavailable, request_id: 'req-503' } });
    await expect(apiRequest('/x', { auth: false })).rejects.toThrow(
      'El servicio no está disponible en este momento. Intente de nuevo en unos minutos. Código de soporte: req-503',
    );
  });

  it('the per-operation fallback reads in Spanish', async () => {
    fake().on('GET /x', { status: 500, body: {} });
    await expect(apiRequest('/x', { auth: false, fallbackMessage: MSG.failedListAdmins })).rejects.toThrow(
      'No se pudieron cargar las cuentas de administrador.',
    );
  });
});
