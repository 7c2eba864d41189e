// Answers are written by fast-json-stringify, compiled from the JSON Schema that /docs/json
// publishes for the route's zod response schema (openapi.ts), so zod no longer runs on every
// answer. Every record there is closed: a field the schema does not name is not sent.
// A `timestamp` (a Date or a string) goes out as ISO 8601 text, as JSON.stringify wrote it.
//
// fast-json-stringify coerces a value of the wrong type (null into "" or 0) where zod refused it.
// Outside production every answer is also checked with its zod schema, so the tests and
// `npm run dev` still fail on a handler that breaks its schema; production only serializes.
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { responseJsonSchema } from '../openapi.ts';

type Serialize = (data: unknown) => string;

/** One compiled serializer per zod schema: the /admin and /master copies of a route share it. */
const compiled = new WeakMap<ZodType, Serialize>();

export function serializerOf(schema: ZodType): Serialize {
  let serialize = compiled.get(schema);
  if (!serialize) {
    serialize = fastJson(responseJsonSchema(schema)) as Serialize;
    compiled.set(schema, serialize);
  }
  return serialize;
}

export function responseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<ZodType> {
  return ({ schema, method, url }) => {
    // Compiled on the route's first answer: ~2 ms a schema is not worth paying for every route at start.
    let serialize: Serialize | undefined;
    return (data) => {
      if (options.check) {
        const checked = schema.safeParse(data);
        if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      }
      serialize ??= serializerOf(schema);
      return serialize(data);
    };
  };
}
