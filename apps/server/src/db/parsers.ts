// One set of type parsers for both drivers, so PGlite and node-postgres return the same shapes:
// bigint and numeric as JS numbers, `date` and `time` as their text, timestamps as Date.
export const PG_TYPES = { int8: 20, numeric: 1700, date: 1082, time: 1083 } as const;

const toNumber = (value: string): number => Number(value);
const asText = (value: string): string => value;

export const typeParsers: Record<number, (value: string) => unknown> = {
  [PG_TYPES.int8]: toNumber,
  [PG_TYPES.numeric]: toNumber,
  [PG_TYPES.date]: asText,
  [PG_TYPES.time]: asText,
};
