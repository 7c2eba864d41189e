// Turns (seed, position) into one business and everything that hangs off it. Pure: the same
// context, position and seed always give the same rows.
import { ACCESS_TYPES, ESTABLISHMENT_TYPES } from '@portal/contract/enums';
import { CATALOG, CATEGORIES, type Kind, kindOf, singularOf } from './catalog.ts';
import { MUNICIPALITIES, type Municipality } from './municipalities.ts';
import {
  COMPANY_SUFFIXES,
  DEVICE_TYPES,
  EMAIL_DOMAINS,
  FEMALE_NAMES,
  GENERIC_NAME_WORDS,
  MALE_NAMES,
  NAME_FLAVORS,
  REFERRAL_SOURCES,
  STREETS,
  SURNAMES,
  slug,
  UNIT_LABELS,
  URBANIZATIONS,
  USER_AGENTS,
} from './names.ts';
import { cumulative, hash2, Rng } from './random.ts';
import type { Row, TableRows } from './tables.ts';

export interface SeedContext {
  seed: number;
  /** Reference time (ms); dates are spread over the years before it. */
  now: number;
  /** Businesses in this run. */
  total: number;
  /** businesses.id of the run's first business minus one. */
  idBase: number;
  /** Number in the registry number of the first business minus one. */
  registryBase: number;
  /** subscriptions.id = subscriptionIdBase + position + 1 (gaps where there is none). */
  subscriptionIdBase: number;
  /** Active admins, who get access rows and appear as authors of changes. */
  admins: readonly { id: number; email: string }[];
  /** Phones already in use (businesses made outside the seed), plus the stand-ins given out. */
  takenPhones: Set<string>;
}

const DAY = 86_400_000;
const HISTORY_SPAN = 3 * 365 * DAY;
const MUNICIPALITY_WEIGHTS = cumulative(MUNICIPALITIES.map((item) => item.population));
const SCENERY_WEIGHTS = cumulative(ESTABLISHMENT_TYPES.map((type) => (type === 'Local Comercial' ? 12 : 2)));
const PRODUCT_STATUSES = ['in stock', 'out of stock', 'discontinued', 'coming soon'] as const;
const PRODUCT_STATUS_WEIGHTS = cumulative([70, 15, 5, 10]);
const PRICE_TYPES = ['fixed', 'hourly', 'per_person', 'other'] as const;
const PRICE_TYPE_WEIGHTS = cumulative([55, 20, 15, 10]);
const DURATIONS = ['00:30:00', '00:45:00', '01:00:00', '01:30:00', '02:00:00', '03:00:00', '04:00:00'];
const EMPLOYEE_STATUSES = ['Active', 'Inactive', 'On Leave', 'Terminated'] as const;
const EMPLOYEE_STATUS_WEIGHTS = cumulative([75, 8, 7, 10]);
const DOCUMENTS = [
  'Contrato de empleo',
  'Certificado de salud',
  'Certificado de buena conducta',
  'Formulario I-9',
];
const TIERS = ['basic', 'standard', 'premium'] as const;
const TIER_WEIGHTS = cumulative([45, 35, 20]);
const MONTHLY_CENTS = { basic: 999, standard: 2499, premium: 4999 } as const;
const SUBSCRIPTION_STATUSES = ['active', 'canceled', 'past_due', 'ended', 'incomplete'] as const;
const SUBSCRIPTION_STATUS_WEIGHTS = cumulative([70, 10, 8, 7, 5]);
const EVENT_TIMES = ['09:00:00', '10:00:00', '14:00:00', '18:00:00', '19:00:00', '19:30:00', '20:00:00'];

const KIND_TAGLINES: Record<Kind, readonly string[]> = {
  food: ['Comida hecha con el sabor de nuestra isla.', 'Desayunos, almuerzos y encargos para toda ocasión.'],
  beauty: ['Atención personalizada con cita o sin cita.', 'Productos profesionales y personal certificado.'],
  auto: ['Servicio rápido y garantizado para tu vehículo.', 'Mecánicos certificados y piezas de calidad.'],
  health: ['Aceptamos la mayoría de los planes médicos.', 'Cuidado de calidad para toda la familia.'],
  pets: [
    'Cuidamos a tus mascotas como si fueran nuestras.',
    'Alimentos, accesorios y servicios para mascotas.',
  ],
  home: ['Estimados gratis en toda el área.', 'Todo para construir, reparar y mantener tu hogar.'],
  retail: ['Variedad, buenos precios y atención con cariño.', 'Visítanos y aprovecha nuestras ofertas.'],
  professional: [
    'Servicio profesional, confiable y a tiempo.',
    'Más de una década sirviendo a nuestros clientes.',
  ],
  leisure: ['Actividades para grandes y chicos.', 'Matrícula abierta todo el año.'],
};

const EMPTY: readonly string[] = [];

const iso = (ms: number) => new Date(ms).toISOString();
const isoDate = (ms: number) => iso(ms).slice(0, 10);
const money = (value: number) => value.toFixed(2);

const PHONE_SPACE = 16_000_000; // 2 area codes x 8,000,000 numbers whose exchange starts with 2-9

/** A phone unique to each business id: an affine permutation of the 787/939 numbering space. */
export function phoneForBusinessId(id: number): string {
  const space = PHONE_SPACE;
  const index = ((((id % space) * 7_368_787 + 1_234_567) % space) + space) % space;
  const area = index < 8_000_000 ? '787' : '939';
  return area + String(2_000_000 + (index % 8_000_000));
}

/**
 * The business's phone: phoneForBusinessId(id), unless a business made through the portal
 * already has that number. Then the first free number counting down from the top of the
 * numbering space, which seeded ids reach only as the table nears 16,000,000 businesses.
 */
function businessPhone(ctx: SeedContext, id: number): string {
  const phone = phoneForBusinessId(id);
  if (!ctx.takenPhones.has(phone)) return phone;
  for (let index = PHONE_SPACE - 1; ; index--) {
    const standIn = phoneForBusinessId(index);
    if (!ctx.takenPhones.has(standIn)) {
      ctx.takenPhones.add(standIn);
      return standIn;
    }
  }
}

function randomPhone(rng: Rng): string {
  return (rng.chance(0.7) ? '787' : '939') + String(rng.int(2, 9)) + rng.digits(6);
}

function randomIp(rng: Rng): string {
  return `${rng.int(24, 216)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`;
}

interface Person {
  first: string;
  last: string;
  secondLast: string;
  female: boolean;
}

function person(rng: Rng): Person {
  const female = rng.chance(0.5);
  return {
    first: rng.pick(female ? FEMALE_NAMES : MALE_NAMES),
    last: rng.pick(SURNAMES),
    secondLast: rng.pick(SURNAMES),
    female,
  };
}

function businessName(rng: Rng, category: string, owner: Person, town: Municipality): string {
  const singular = singularOf(category);
  const roll = rng.next();
  if (roll < 0.4) return `${singular} ${rng.pick(NAME_FLAVORS)}`;
  if (roll < 0.55) return `${singular} ${owner.last}`;
  if (roll < 0.62) return `${singular} de ${town.name}`;
  if (roll < 0.7) return `${singular} ${owner.female ? 'Doña' : 'Don'} ${owner.first.split(' ')[0]}`;
  if (roll < 0.76) return `${owner.last} & ${rng.chance(0.5) ? 'Hijos' : 'Asociados'}`;
  if (roll < 0.82) return `${owner.last} ${owner.secondLast} ${rng.pick(COMPANY_SUFFIXES)}`;
  if (roll < 0.87) return `El Rincón de ${owner.first.split(' ')[0]}`;
  if (roll < 0.91) return `Donde ${owner.first.split(' ')[0]}`;
  if (roll < 0.95) return `${town.name} ${rng.pick(GENERIC_NAME_WORDS)}`;
  return `Grupo ${owner.last}`;
}

interface Address {
  line1: string;
  line2: string | null;
  town: Municipality;
  zip: string;
  latitude: number;
  longitude: number;
}

function address(rng: Rng, town: Municipality): Address {
  const line1 = rng.chance(0.2)
    ? `Carr. ${rng.int(1, 990)} Km ${rng.int(0, 40)}.${rng.int(0, 9)}`
    : `${rng.pick(STREETS)} ${rng.int(1, 2500)}`;
  const roll = rng.next();
  const line2 =
    roll < 0.35 ? rng.pick(URBANIZATIONS) : roll < 0.6 ? `${rng.pick(UNIT_LABELS)} ${rng.int(1, 30)}` : null;
  // About 700 m around the town centre: still on land and inside the municipality.
  const latitude = Math.round((town.latitude + (rng.next() - 0.5) * 0.012) * 1e6) / 1e6;
  const longitude = Math.round((town.longitude + (rng.next() - 0.5) * 0.012) * 1e6) / 1e6;
  return { line1, line2, town, zip: rng.pick(town.zips), latitude, longitude };
}

const fullAddress = (a: Address) => `${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${a.town.name}, PR ${a.zip}`;

function staffActor(rng: Rng, ctx: SeedContext): string {
  if (ctx.admins.length > 0 && rng.chance(0.75)) return rng.pick(ctx.admins).email;
  return 'Master';
}

/** Writes business number `position` (0-based in this run) and its content into `out`. */
export function generateBusiness(ctx: SeedContext, position: number, rng: Rng, out: TableRows): void {
  rng.reseed(hash2(ctx.seed, position));
  const id = ctx.idBase + position + 1;
  const registry = `REG${String(ctx.registryBase + position + 1).padStart(6, '0')}`;
  const town = rng.pickCumulative(MUNICIPALITIES, MUNICIPALITY_WEIGHTS);
  const category = rng.pick(CATEGORIES);
  const kind = kindOf(category);
  const catalog = CATALOG[kind];
  const owner = person(rng);
  const ownerName = rng.chance(0.6)
    ? `${owner.first} ${owner.last} ${owner.secondLast}`
    : `${owner.first} ${owner.last}`;
  const name = businessName(rng, category, owner, town);
  const email = rng.chance(0.5)
    ? `${slug(name).slice(0, 24)}${id}@${rng.pick(EMAIL_DOMAINS)}`
    : `${slug(owner.first)}.${slug(owner.last)}${id}@${rng.pick(EMAIL_DOMAINS)}`;
  const phone = businessPhone(ctx, id);

  const registeredAt = Math.floor(
    ctx.now - HISTORY_SPAN + (HISTORY_SPAN * (position + rng.next())) / Math.max(ctx.total, 1),
  );
  const registeredYear = new Date(registeredAt).getUTCFullYear();
  const year = registeredYear - Math.floor((registeredYear - 1950) * rng.next() ** 2);
  const main = address(rng, town);
  const verifiedRoll = rng.next();
  const verifiedEmail = verifiedRoll < 0.75;
  const verifiedPhone = verifiedRoll < 0.55 || verifiedRoll >= 0.85;
  const byStaff = rng.chance(0.35);
  const ip = randomIp(rng);
  const agent = rng.pick(USER_AGENTS);
  const description = `${category} en ${town.name}, desde ${year}. ${rng.pick(KIND_TAGLINES[kind])}`;

  // Change history first: its last timestamp is the row's updated_at.
  const creator = byStaff ? staffActor(rng, ctx) : 'Sistema';
  const logs: Row[] = [[id, registry, 'INSERT', null, null, name, iso(registeredAt), creator, ip, agent]];
  let changedAt = registeredAt;
  const updates = rng.int(0, 3);
  const done = new Set<string>();
  for (let u = 0; u < updates; u++) {
    const column = rng.pick([
      'verified_email',
      'verified_phone',
      'business_phone',
      'business_address',
      'business_category',
      'business_description',
      'business_name',
    ] as const);
    if (done.has(column)) continue;
    done.add(column);
    let oldValue: string;
    let newValue: string;
    switch (column) {
      case 'verified_email':
      case 'verified_phone':
        if (!(column === 'verified_email' ? verifiedEmail : verifiedPhone)) continue;
        oldValue = 'false';
        newValue = 'true';
        break;
      case 'business_phone':
        oldValue = randomPhone(rng);
        newValue = phone;
        break;
      case 'business_address':
        oldValue = fullAddress(address(rng, rng.pickCumulative(MUNICIPALITIES, MUNICIPALITY_WEIGHTS)));
        newValue = fullAddress(main);
        break;
      case 'business_category':
        oldValue = rng.pick(CATEGORIES);
        newValue = category;
        break;
      case 'business_description':
        oldValue = `${name} en ${town.name}.`;
        newValue = description;
        break;
      default:
        oldValue = `${singularOf(category)} ${rng.pick(NAME_FLAVORS)}`;
        newValue = name;
    }
    if (oldValue === newValue) continue;
    const step = Math.floor((ctx.now - changedAt) * rng.next() * 0.5);
    if (step < 60_000) continue;
    changedAt += step;
    const staff = rng.chance(0.8);
    logs.push([
      id,
      registry,
      'UPDATE',
      column,
      oldValue,
      newValue,
      iso(changedAt),
      staff ? staffActor(rng, ctx) : 'Sistema',
      staff ? randomIp(rng) : null,
      staff ? rng.pick(USER_AGENTS) : null,
    ]);
  }
  for (const log of logs) out.business_change_logs.push(log);

  out.businesses.push([
    id,
    registry,
    name,
    ownerName,
    email,
    phone,
    fullAddress(main),
    category,
    description,
    year,
    true,
    verifiedEmail,
    verifiedPhone,
    byStaff && verifiedEmail && verifiedPhone,
    ip,
    rng.pick(DEVICE_TYPES),
    byStaff ? 'admin_registration' : rng.pick(REFERRAL_SOURCES),
    iso(registeredAt),
    iso(registeredAt),
    iso(changedAt),
  ]);

  const second = rng.chance(0.08)
    ? address(rng, rng.pickCumulative(MUNICIPALITIES, MUNICIPALITY_WEIGHTS))
    : null;
  const locations = second ? [main, second] : [main];
  locations.forEach((location, index) => {
    out.business_locations.push([
      id,
      location.latitude,
      location.longitude,
      location.line1,
      location.line2,
      location.town.name,
      'Puerto Rico',
      location.zip,
      rng.pickCumulative(ESTABLISHMENT_TYPES, SCENERY_WEIGHTS),
      locations.length,
      index === 0,
      rng.chance(0.95),
      iso(registeredAt),
      iso(registeredAt),
    ]);
  });

  const extraClosedDay = rng.chance(0.15) ? rng.int(0, 6) : -1;
  catalog.hours.forEach((hours, weekday) => {
    const open = hours && weekday !== extraClosedDay ? hours : null;
    out.business_schedules.push([id, weekday, open?.[0] ?? null, open?.[1] ?? null, open === null]);
  });

  const productCount = rng.int(0, kind === 'food' || kind === 'retail' || kind === 'home' ? 5 : 3);
  for (let p = 0; p < productCount; p++) {
    const [item, min, max] = rng.pick(catalog.products);
    out.products.push([
      `SKU-${id}-${p + 1}`,
      id,
      item,
      `${item}. ${rng.pick(['Calidad garantizada.', 'Disponible en tienda.', 'Pregunte por ofertas especiales.', 'Producto local.'])}`,
      money(rng.price(min, max)),
      rng.pickCumulative(PRODUCT_STATUSES, PRODUCT_STATUS_WEIGHTS),
      rng.chance(0.9),
      rng.chance(0.4) ? `/imagenes/productos/sku-${id}-${p + 1}.jpg` : null,
      iso(registeredAt + rng.int(0, 90) * DAY),
    ]);
  }

  const serviceCount = rng.int(kind === 'professional' || kind === 'beauty' ? 1 : 0, 3);
  const serviceNames: string[] = [];
  for (let s = 0; s < serviceCount; s++) {
    const [serviceName, min, max] = rng.pick(catalog.services);
    if (serviceNames.includes(serviceName)) continue;
    serviceNames.push(serviceName);
    const priceType = rng.pickCumulative(PRICE_TYPES, PRICE_TYPE_WEIGHTS);
    const minPrice = rng.price(min, min + (max - min) * 0.4);
    const maxPrice = Math.max(minPrice, rng.price(min + (max - min) * 0.5, max));
    out.services.push([
      id,
      serviceName,
      `${serviceName} por personal de ${name}.`,
      rng.pick(catalog.serviceCategories),
      priceType,
      money(minPrice),
      money(maxPrice),
      money(Math.round(minPrice * (0.3 + rng.next() * 0.4) * 100) / 100),
      priceType === 'per_person' ? rng.int(10, 200) : rng.int(1, 10),
      rng.pick(DURATIONS),
      rng.chance(0.9),
      rng.int(0, 5),
      iso(registeredAt + rng.int(0, 120) * DAY),
    ]);
  }

  const employeeCount = rng.int(1, 4);
  for (let e = 0; e < employeeCount; e++) {
    const isOwner = e === 0;
    const who = isOwner ? owner : person(rng);
    const startMs = isOwner ? registeredAt : registeredAt + rng.next() * (ctx.now - registeredAt);
    const status = isOwner ? 'Active' : rng.pickCumulative(EMPLOYEE_STATUSES, EMPLOYEE_STATUS_WEIGHTS);
    const departure =
      status === 'Terminated' ? isoDate(startMs + rng.next() * Math.max(ctx.now - startMs, DAY)) : null;
    const documents = rng.chance(0.6) ? DOCUMENTS.slice(0, rng.int(1, DOCUMENTS.length)) : EMPTY;
    const services =
      serviceNames.length > 0 && rng.chance(0.6)
        ? serviceNames.slice(0, rng.int(1, serviceNames.length))
        : EMPTY;
    out.employees.push([
      id,
      who.first,
      `${who.last} ${who.secondLast}`,
      `${slug(who.first)}.${slug(who.last)}${rng.int(1, 99)}@${rng.pick(EMAIL_DOMAINS)}`,
      isOwner ? phone : randomPhone(rng),
      rng.chance(0.97) ? (who.female ? 'Femenino' : 'Masculino') : 'Otro',
      isoDate(startMs),
      departure,
      status,
      isOwner,
      JSON.stringify(documents),
      JSON.stringify(services),
      rng.chance(0.85),
      iso(startMs),
    ]);
  }

  const eventCount = rng.chance(0.45) ? rng.int(1, 2) : 0;
  for (let v = 0; v < eventCount; v++) {
    const title = rng.pick(catalog.events);
    const eventMs = ctx.now + (rng.int(-180, 120) + rng.next()) * DAY;
    const past = eventMs < ctx.now;
    const status = past
      ? rng.chance(0.85)
        ? 'completed'
        : 'cancelled'
      : rng.chance(0.88)
        ? 'scheduled'
        : 'postponed';
    const cost = rng.chance(0.5) ? rng.price(0, 300) : 0;
    const createdMs = Math.max(registeredAt, eventMs - rng.int(7, 60) * DAY);
    out.events.push([
      id,
      title,
      isoDate(eventMs),
      rng.pick(EVENT_TIMES),
      `${title} en ${name}. ${rng.pick(['Entrada libre.', 'Espacios limitados.', 'Para toda la familia.', 'Reserve con tiempo.'])}`,
      status,
      rng.int(20, 300),
      money(cost),
      money(rng.chance(0.4) ? 0 : rng.price(5, 75)),
      rng.chance(0.7) ? fullAddress(main) : `Plaza de Recreo de ${town.name}`,
      rng.chance(0.9),
      iso(Math.min(createdMs, ctx.now)),
      iso(Math.min(createdMs + rng.int(0, 5) * DAY, ctx.now)),
    ]);
  }

  // One flag per ACCESS_TYPES column (tables.ts), each on with 93 % chance.
  const toggles = () => ACCESS_TYPES.map(() => rng.chance(0.93));
  out.access_controls.push([id, null, true, ...toggles(), iso(changedAt)]);
  if (ctx.admins.length > 0 && rng.chance(0.35)) {
    const first = rng.int(0, ctx.admins.length - 1);
    const count = Math.min(ctx.admins.length, rng.int(1, 2));
    for (let a = 0; a < count; a++) {
      const admin = ctx.admins[(first + a) % ctx.admins.length]!;
      out.access_controls.push([id, admin.id, false, ...toggles(), iso(changedAt)]);
    }
  }

  if (rng.chance(0.6)) subscription(ctx, rng, out, { id, position, email, registeredAt });
}

function subscription(
  ctx: SeedContext,
  rng: Rng,
  out: TableRows,
  business: { id: number; position: number; email: string; registeredAt: number },
): void {
  const subscriptionId = ctx.subscriptionIdBase + business.position + 1;
  const provider = rng.chance(0.6) ? 'stripe' : 'paypal';
  const tier = rng.pickCumulative(TIERS, TIER_WEIGHTS);
  const yearly = rng.chance(0.2);
  const periodMs = (yearly ? 365 : 30) * DAY;
  const amount = MONTHLY_CENTS[tier] * (yearly ? 10 : 1);
  const createdAt = Math.min(
    business.registeredAt + rng.int(0, 60) * DAY + rng.int(0, 86_399) * 1000,
    ctx.now - DAY,
  );
  let status = rng.pickCumulative(SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_WEIGHTS);
  const elapsed = Math.max(1, Math.floor((ctx.now - createdAt) / periodMs) + 1);
  // A subscription that ended or was cancelled stopped some periods ago.
  const periods =
    status === 'ended' || status === 'canceled' ? Math.max(1, elapsed - rng.int(0, 3)) : elapsed;
  if (status === 'incomplete' && periods > 1) status = 'past_due';
  const currentStart = createdAt + (periods - 1) * periodMs;
  const currentEnd = currentStart + periodMs;
  const canceledAt =
    status === 'canceled' || status === 'ended'
      ? currentStart + Math.floor(rng.next() * periodMs * 0.8)
      : null;
  const cancelAtPeriodEnd = status === 'active' && rng.chance(0.1);
  const trialEnd = rng.chance(0.25) ? createdAt + 14 * DAY : null;
  const billingEmail = rng.chance(0.85) ? business.email : `facturas.${business.email}`;
  const common = {
    currency: 'usd',
    billing_interval: yearly ? 'year' : 'month',
    current_period_start: iso(currentStart),
    current_period_end: iso(currentEnd),
    trial_end: trialEnd === null ? null : iso(trialEnd),
    canceled_at: canceledAt === null ? null : iso(Math.min(canceledAt, ctx.now)),
    cancel_at_period_end: cancelAtPeriodEnd,
  };
  const details =
    provider === 'stripe'
      ? {
          subscription_id: `sub_${rng.alphanumeric(24)}`,
          customer_id: `cus_${rng.alphanumeric(14)}`,
          current_amount: amount,
          ...common,
        }
      : {
          subscription_id: `I-${rng.alphanumeric(12).toUpperCase()}`,
          plan_id: `P-${rng.alphanumeric(24).toUpperCase()}`,
          plan_amount: amount,
          ...common,
          payer_email: billingEmail,
        };
  const updatedAt = Math.min(canceledAt ?? currentStart, ctx.now);
  out.subscriptions.push([
    subscriptionId,
    business.id,
    provider,
    tier,
    status,
    status === 'active' && !cancelAtPeriodEnd,
    billingEmail,
    JSON.stringify(details),
    iso(createdAt),
    iso(Math.max(updatedAt, createdAt)),
  ]);

  const firstBilled = Math.max(0, periods - 6);
  for (let period = firstBilled; period < periods; period++) {
    const last = period === periods - 1;
    let billingStatus = 'succeeded';
    if (last && status === 'past_due') billingStatus = 'past_due';
    else if (last && status === 'incomplete') billingStatus = 'incomplete';
    else if (rng.chance(0.03)) billingStatus = 'failed';
    else if (rng.chance(0.02)) billingStatus = 'refunded';
    const paidAt = createdAt + period * periodMs + rng.int(0, 7200) * 1000;
    if (paidAt > ctx.now) break;
    out.billing_history.push([
      business.id,
      subscriptionId,
      amount,
      'usd',
      iso(paidAt),
      provider,
      tier,
      billingStatus,
    ]);
  }
}

export function newRng(): Rng {
  return new Rng(0);
}
