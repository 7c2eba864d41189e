// The portal build's stand-in for zod's JSON Schema modules must export every
// name the real modules export (or the build breaks), build schemas as before, and fail loudly if used.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { stubModule } from './zod-without-json-schema.ts';

const zodCore = join(dirname(createRequire(import.meta.url).resolve('zod/package.json')), 'v4/core');

async function realAndStub(name) {
  const file = join(zodCore, name);
  const real = await import(pathToFileURL(file).href);
  const code = stubModule(readFileSync(file, 'utf8'));
  const stub = await import(`data:text/javascript,${encodeURIComponent(code)}`);
  return { real, stub };
}

describe('zod without JSON Schema (portal build)', () => {
  it.each(['to-json-schema.js', 'json-schema-processors.js'])(
    '%s: the stand-in exports every name',
    async (name) => {
      const { real, stub } = await realAndStub(name);
      expect(Object.keys(stub).sort()).toEqual(Object.keys(real).sort());
    },
  );

  it('a schema still gets its methods built; asking for JSON Schema says it is not there', async () => {
    const { stub } = await realAndStub('to-json-schema.js');
    const method = stub.createStandardJSONSchemaMethod({}, 'input');
    expect(typeof method).toBe('function');
    expect(() => method()).toThrow('JSON Schema is not part of the portal build');
  });
});
