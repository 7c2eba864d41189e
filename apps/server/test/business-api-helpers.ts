// Small assertions shared by the business API tests (content, access, registration families).
import { expect } from 'vitest';
import { todayInPuertoRico } from '../src/modules/content-common/stats.ts';
import type { Headers, TestApp } from './helpers.ts';

interface Reply {
  statusCode: number;
  json(): Record<string, unknown>;
}

/** A failure with the SPEC status and message, word for word, in both error and message. */
export function expectError(res: Reply, status: number, message: string) {
  expect(res.statusCode, `${status} ${message}`).toBe(status);
  expect(res.json()).toMatchObject({ success: false, error: message, message });
}

export function getJson(t: TestApp, url: string, headers: Headers = {}, query: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers, query });
}

/** Day `day` of the month `months` from this one (Puerto Rico's), as YYYY-MM-DD. */
export function monthDay(months: number, day = 1): string {
  // The server's "today" is Puerto Rico's day (content-common/stats.ts).
  const [year, month] = todayInPuertoRico().split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + months, day)).toISOString().slice(0, 10);
}

/** GETs of `url` as `headers` that must fail with the SPEC message word for word (400 unless said). */
export const refusedGet =
  (t: TestApp, headers: Headers, url: string) =>
  async (query: Record<string, string>, message: string, status = 400) =>
    expectError(await getJson(t, url, headers, query), status, message);
