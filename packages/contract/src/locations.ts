// Locations (SPEC §3, §5 "Location", §9 defaults) and the coordinate update of SPEC §7.
import { z } from 'zod';
import { idParams } from './ids.ts';
import { LIMITS } from './limits.ts';
import { MSG } from './messages.ts';

export const LOCATION_MESSAGES = {
  notFound: 'Location not found',
  latitudeRange: 'Latitude must be between -90 and 90',
  longitudeRange: 'Longitude must be between -180 and 180',
  coordinatesNumeric: 'Latitude and longitude must be numeric',
  countNonNegative: 'Location count must be non-negative',
  zipFormat: 'Zip code may contain only digits and hyphens',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
} as const;

/** SPEC §5: required; latitude, longitude and country fall back to SPEC §9 defaults when all absent. */
export const REQUIRED_LOCATION_FIELDS = [
  'location_latitude',
  'location_longitude',
  'location_address_1',
  'location_city',
  'location_country',
  'location_zip',
] as const;

const latitude = z
  .number({ error: LOCATION_MESSAGES.coordinatesNumeric })
  .min(-90, LOCATION_MESSAGES.latitudeRange)
  .max(90, LOCATION_MESSAGES.latitudeRange);
const longitude = z
  .number({ error: LOCATION_MESSAGES.coordinatesNumeric })
  .min(-180, LOCATION_MESSAGES.longitudeRange)
  .max(180, LOCATION_MESSAGES.longitudeRange);
const text = (field: string, max: number) =>
  z.string().trim().max(max, LOCATION_MESSAGES.tooLong(field, max));

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const LocationFields = z.object({
  location_latitude: latitude.optional(),
  location_longitude: longitude.optional(),
  location_address_1: text('location_address_1', LIMITS.text.address),
  location_address_2: text('location_address_2', LIMITS.text.address).nullish(),
  location_city: text('location_city', LIMITS.text.city),
  location_country: text('location_country', LIMITS.text.country).optional(),
  location_zip: text('location_zip', LIMITS.text.zip).regex(/^[0-9-]+$/, LOCATION_MESSAGES.zipFormat),
  location_scenery_type: text('location_scenery_type', LIMITS.text.sceneryType).nullish(),
  location_count: z
    .number()
    .int(LOCATION_MESSAGES.countNonNegative)
    .min(0, LOCATION_MESSAGES.countNonNegative)
    .optional(),
  location_main: z.boolean().optional(),
  location_visibility: z.boolean().optional(),
});

/**
 * POST body. Coordinates absent together get the Puerto Rico defaults; one without the other, or
 * any other required field blank, answers 'Missing required location fields: ...'.
 */
export const LocationCreateBody = z.preprocess((raw, ctx) => {
  if (!raw || typeof raw !== 'object') return raw;
  const body = raw as Record<string, unknown>;
  const noCoordinates = isBlank(body.location_latitude) && isBlank(body.location_longitude);
  const missing = REQUIRED_LOCATION_FIELDS.filter((field) => {
    if (field === 'location_country') return false;
    if (noCoordinates && (field === 'location_latitude' || field === 'location_longitude')) return false;
    return isBlank(body[field]);
  });
  if (missing.length > 0) ctx.addIssue({ code: 'custom', message: MSG.missingLocationFields([...missing]) });
  return raw;
}, LocationFields);
export type LocationCreateBody = z.infer<typeof LocationCreateBody>;

export const CoordinatesBody = z.object({
  location_latitude: latitude,
  location_longitude: longitude,
});

export const LocationIdParams = idParams(MSG.locationIdRequired);
