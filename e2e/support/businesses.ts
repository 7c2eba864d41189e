// Businesses for e2e tests, made through the public registration call (SPEC §7 "Public").
import { type APIRequestContext, expect, request } from '@playwright/test';
import { BASE_URL } from './env.ts';
import { masterApi } from './staff.ts';

export interface TestBusiness {
  registry: string;
  name: string;
  owner: string;
  email: string;
  phone: string;
}

let counter = 0;

function uniqueSuffix(): string {
  counter += 1;
  return `${Date.now().toString(36)}${process.pid}${counter}`;
}

/** 10 digits starting 787, unique within one run of the suite. */
export function uniquePhone(): string {
  counter += 1;
  const tail = (Date.now() * 7 + process.pid * 131 + counter * 7919) % 10_000_000;
  return `787${String(tail).padStart(7, '0')}`;
}

export async function registerBusiness(
  overrides: Partial<{
    business_name: string;
    business_owner: string;
    business_email: string;
    business_phone: string;
    business_category: string;
    business_year: number;
    business_description: string;
  }> = {},
  baseURL = BASE_URL,
): Promise<TestBusiness> {
  const api = await request.newContext({ baseURL });
  const suffix = uniqueSuffix();
  const body = {
    business_name: `Negocio Prueba ${suffix}`,
    business_owner: 'María Rodríguez',
    business_email: `negocio.${suffix}@e2e.example.com`,
    business_phone: uniquePhone(),
    password: 'Temporal#2026x',
    business_terms: true,
    business_category: 'Restaurantes',
    business_year: 2015,
    ...overrides,
  };
  try {
    const response = await api.post('/public/business-registration/api/v1/business-registration/register', {
      data: body,
    });
    expect(response.status(), await response.text()).toBe(201);
    const answer = (await response.json()) as { business_registry_number: string; business_name: string };
    return {
      registry: answer.business_registry_number,
      name: answer.business_name,
      owner: body.business_owner,
      email: body.business_email,
      phone: body.business_phone,
    };
  } finally {
    await api.dispose();
  }
}

/** Runs `use` with a master API context and its headers, then disposes of it. */
export async function withMasterApi<T>(
  use: (api: APIRequestContext, headers: Record<string, string>) => Promise<T>,
  baseURL = BASE_URL,
): Promise<T> {
  const { api, headers } = await masterApi(baseURL);
  try {
    return await use(api, headers);
  } finally {
    await api.dispose();
  }
}

/** Sends the business to the trash, as the master's 'Eliminar' does. */
export async function deleteByApi(business: TestBusiness) {
  await withMasterApi(async (api, headers) => {
    const response = await api.delete(`/master/business-deletion/${business.registry}`, { headers });
    expect(response.status(), await response.text()).toBe(200);
  });
}

/** A new business whose phone the master marked verified: one 'Cambio de verificación' in the audit. */
export async function registerAuditedBusiness(): Promise<TestBusiness> {
  const business = await registerBusiness();
  await withMasterApi(async (api, headers) => {
    const response = await api.patch(`/master/verification/registry/${business.registry}`, {
      headers,
      data: { verified_phone: true },
    });
    expect(response.status(), await response.text()).toBe(200);
  });
  return business;
}
