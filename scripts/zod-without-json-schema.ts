// Vite plugin for the portal build: zod's classic schemas import its JSON Schema
// generator (`toJSONSchema`, `~standard.jsonSchema`, the `.minLength`-style getters), about 5 KB gzipped
// on every form screen. The portal never asks a schema for JSON Schema (the server does, for its
// OpenAPI document, and the server is not built by Vite), so in the portal build those two modules are
// replaced by functions that say so if anything ever calls them. Parsing is untouched.
import { readFileSync } from 'node:fs';

const JSON_SCHEMA_MODULE = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
const EXPORTED = /^export (?:const|function) (\w+)/gm;
// Names exported as `export { a as b }` (to-json-schema.js's `process`).
const RENAMED = /^export \{([^}]*)\}/gm;

/** Called while building a schema (their results are functions); only calling those results fails. */
const FACTORIES = new Set(['createStandardJSONSchemaMethod', 'createToJSONSchemaMethod']);

export function exportedNames(source: string): string[] {
  const names = [...source.matchAll(EXPORTED)].map((match) => match[1]);
  for (const [, list] of source.matchAll(RENAMED)) {
    for (const part of list.split(',')) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return [...new Set(names)];
}

export function stubModule(source: string): string {
  const lines = [
    "const unavailable = () => { throw new Error('JSON Schema is not part of the portal build'); };",
  ];
  for (const name of exportedNames(source)) {
    if (FACTORIES.has(name)) lines.push(`export const ${name} = () => unavailable;`);
    else if (name === 'allProcessors') lines.push(`export const ${name} = {};`);
    else lines.push(`export const ${name} = unavailable;`);
  }
  return lines.join('\n');
}

export function zodWithoutJsonSchema() {
  return {
    name: 'zod-without-json-schema',
    apply: 'build' as const,
    enforce: 'pre' as const,
    load(id: string) {
      return JSON_SCHEMA_MODULE.test(id) ? stubModule(readFileSync(id, 'utf8')) : null;
    },
  };
}
