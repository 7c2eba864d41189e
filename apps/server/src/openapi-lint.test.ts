// The OpenAPI document passes Redocly's recommended rules (the repository's redocly.yaml) with no
// error, and the descriptions Spectral's oas rules ask for are there: each operation, each tag.
// Redocly CLI runs as a real process on the document the server publishes at /docs/json.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const cli = join(root, 'node_modules/@redocly/cli/bin/cli.js');

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

/** `redocly lint` of one document with the repository's config; its problems as JSON. */
async function lint(document: object): Promise<Problem[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'openapi-lint-')), 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const run = promisify(execFile);
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  const args = [cli, 'lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'json'];
  // Exit code 1 when it finds an error: its report is still on stdout.
  const stdout = await run(process.execPath, args, { env, maxBuffer: 64 << 20 }).then(
    (done) => done.stdout,
    (failed: { stdout?: string }) => failed.stdout ?? '',
  );
  const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as { problems: Problem[] };
  return report.problems;
}

const described = (problems: Problem[]) =>
  problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);

type Operation = { description?: string; summary?: string };
type Spec = {
  servers?: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
};

describe('OpenAPI document and Redocly', async () => {
  const t = await createTestApp();
  const spec = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Spec;

  it('passes the recommended rules with no error', async () => {
    const problems = await lint(spec);
    expect(described(problems.filter((p) => p.severity === 'error'))).toEqual([]);
    expect(spec.servers?.length).toBeGreaterThan(0);
  }, 120_000);

  it('still refuses a path ending in "/" that redocly.yaml does not list, and a bare nullable', async () => {
    const [path, item] = Object.entries(spec.paths).find(([p]) => p === '/auth/sessions/')!;
    const doctored = {
      ...spec,
      servers: [],
      paths: {
        ...spec.paths,
        [path.replace('/sessions/', '/sesiones/')]: {
          get: {
            ...item.get,
            operationId: 'getAuthSesiones',
            parameters: [{ name: 'x', in: 'query', schema: { nullable: true, anyOf: [{ type: 'string' }] } }],
          },
        },
      },
    };
    const rules = new Set((await lint(doctored)).filter((p) => p.severity === 'error').map((p) => p.ruleId));
    expect([...rules].sort()).toEqual(
      ['no-empty-servers', 'nullable-type-sibling', 'rule/path-trailing-slash-kept-on-purpose'].sort(),
    );
  }, 120_000);

  it('describes every operation and every tag (what Spectral oas warns about)', () => {
    const missing = Object.entries(spec.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method, op]) => method !== 'parameters' && !op.description?.trim())
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
    expect(spec.tags.filter((tag) => !tag.description?.trim()).map((tag) => tag.name)).toEqual([]);
  });
});
