// What seeded businesses sell and do, by broad kind of business. A category of the catalog is
// mapped to its kind by keywords; each kind has realistic products, services, events and hours.
import { BUSINESS_CATEGORIES } from '@portal/contract/categories';

export type Kind =
  | 'food'
  | 'beauty'
  | 'auto'
  | 'health'
  | 'pets'
  | 'home'
  | 'retail'
  | 'professional'
  | 'leisure';

/** [name, min price, max price] in dollars. */
type Priced = readonly [string, number, number];

export interface KindCatalog {
  products: readonly Priced[];
  services: readonly Priced[];
  serviceCategories: readonly string[];
  events: readonly string[];
  /** Opening hours: [opens, closes] per weekday from domingo (0) to sábado (6); null = closed. */
  hours: readonly (readonly [string, string] | null)[];
}

const KIND_KEYWORDS: readonly (readonly [Kind, RegExp])[] = [
  ['pets', /mascota|veterinari|forrajer|establos/i],
  [
    'food',
    /restaurant|panader|cafeter|caf[eé]s|pizzer|comida|reposter|pasteler|helader|dulcer|lechoner|chinchorro|friquit|taquer|pollos|catering|food truck|bares|cervecer|delicatessen|confiter|panificador|kiosco|carnicer|pescader|colmado|bodega|supermercado|mercados agr|licorer|haciendas de caf|alimentos|bebidas|vegana|frigor/i,
  ],
  [
    'beauty',
    /sal[oó]n(es)? de (belleza|u[ñn]as)|barber|peluquer|spa|est[eé]tica|cosm[eé]tic|perfumer|masajista|tatuaje|novias|vestidos/i,
  ],
  [
    'auto',
    /auto|talleres de (mec|hoja)|gomer|gomas|gr[uú]as|recauchador|gasolina|cami[oó]n|estacionamiento|manejo|marinas|botes|bicicletas/i,
  ],
  [
    'health',
    /cl[ií]nica|m[eé]dic|dentist|dental|farmacia|laboratorio|[oó]ptica|terapia|[oó]logos|pediatra|hospital|di[aá]lisis|im[aá]genes|rehabilitaci|acupuntura|quiropr|nutricion|podiatra|droguer|psiqu|ortodonc|cirujanos|naturista|ambulancia|enfermer|salud|envejecientes|ancianos|adultos/i,
  ],
  [
    'home',
    /ferreter|construcci|constructor|contratista|plomer|electricista|pintor|remodelaci|techado|impermeab|aluminio|puertas|cisterna|solar|plantas el[eé]ctricas|acondicionad|aires|refrigeraci|plagas|jardiner|piscina|cerrajer|m[aá]rmol|cristaler|vidrios|toldos|herrer|carpinter|ebanister|soldadura|muebler|alfombra|cortinas|decoraci|colch|electrodom|limpieza|demolici|mantenimiento|riego|aguas|tapicer|maquinaria|chatarra|reciclaje|viveros|hidrop|orqu[ií]deas|fincas|agr[ií]colas/i,
  ],
  [
    'professional',
    /abogado|bufete|notario|contador|contabilidad|consultor|seguro|financier|banco|cooperativa|prestamista|asesor|auditor|arquitect|ingenier|agrimensor|inspector|bienes ra|inmobiliari|propiedades|gestor|agencias de (empleo|publicidad|cobro|modelos)|dise[ñn]o|software|traducci|imprenta|fotocopia|r[oó]tulo|internet|telecomunic|mensajer|env[ií]o|c[aá]maras de comercio|peri[oó]dicos|radioemisora|productora|grabaci|mudanza|correo|empe[ñn]o|mayorista|distribuidor|suplidor|almacenes|transportaci|autobuses/i,
  ],
  [
    'leisure',
    /academia|escuela|colegio|universidad|tutor|gimnasio|yoga|entrenador|club|cine|teatro|museo|galer[ií]a|parque|hotel|parador|hospeder|viajes|excursion|actividades|eventos|bodas|animaci|bandas|fot[oó]graf|carpas|sonido|iglesia|organizaci|asociaci|comunitario|cuido|biblioteca|convenciones|instituciones|social/i,
  ],
];

const kindCache = new Map<string, Kind>();

export function kindOf(category: string): Kind {
  let kind = kindCache.get(category);
  if (!kind) {
    kind = KIND_KEYWORDS.find(([, pattern]) => pattern.test(category))?.[0] ?? 'retail';
    kindCache.set(category, kind);
  }
  return kind;
}

// Plural first words whose singular is not the plain rule below.
const SINGULAR_FIRST_WORDS: Record<string, string> = {
  Salones: 'Salón',
  Almacenes: 'Almacén',
  Bares: 'Bar',
  Talleres: 'Taller',
  Hoteles: 'Hotel',
  Paradores: 'Parador',
  Constructores: 'Constructora',
  Consultores: 'Consultora',
  Distribuidores: 'Distribuidora',
  Suplidores: 'Suplidora',
  Desarrolladores: 'Desarrolladora',
  Planificadores: 'Planificadora',
  Instaladores: 'Instaladora',
  Inspectores: 'Inspección',
  Pintores: 'Pintura',
  Plomeros: 'Plomería',
  Fotógrafos: 'Fotografía',
  Notarios: 'Notaría',
  Abogados: 'Bufete',
  Vendedores: 'Ventas',
  Prestamistas: 'Préstamos',
  Agrimensores: 'Agrimensura',
  Agrónomos: 'Agronomía',
  Masajistas: 'Masajes',
  Veterinarios: 'Hospital Veterinario',
  Dentistas: 'Oficina Dental',
  Ginecólogos: 'Ginecología',
  Pediatras: 'Pediatría',
  Podiatras: 'Podiatría',
  Psicólogos: 'Psicología',
  Psiquiatras: 'Psiquiatría',
  Nutricionistas: 'Nutrición',
  Audiólogos: 'Audiología',
  Quiroprácticos: 'Quiropráctica',
  Ortodoncistas: 'Ortodoncia',
  Asociaciones: 'Asociación',
  Organizaciones: 'Organización',
  Estaciones: 'Estación',
  Friquitines: 'Friquitín',
  Universidades: 'Universidad',
  Hospitales: 'Hospital',
  Establos: 'Establo',
  // Plural on purpose: "Servicios de Limpieza Rivera", "Piezas de Autos El Coquí".
  Servicios: 'Servicios',
  Efectos: 'Efectos',
  Artículos: 'Artículos',
  Equipos: 'Equipos',
  Piezas: 'Piezas',
  Productos: 'Productos',
  Accesorios: 'Accesorios',
  Bicicletas: 'Bicicletas',
  Alfombras: 'Alfombras',
  Toldos: 'Toldos',
  Grúas: 'Grúas',
  Ambulancias: 'Ambulancias',
  Cosméticos: 'Cosméticos',
  Electrodomésticos: 'Electrodomésticos',
  Sistemas: 'Sistemas',
};

// Whole categories whose name reads better another way ("Clínicas Dentales" -> "Clínica Dental").
const SINGULAR_CATEGORIES: Record<string, string> = {
  'Abogados de Familia': 'Bufete',
  'Abogados de Inmigración': 'Bufete',
  'Abogados Laborales': 'Bufete',
  'Clínicas Dentales': 'Clínica Dental',
  'Clínicas Médicas': 'Clínica Médica',
  'Clínicas Veterinarias': 'Clínica Veterinaria',
  'Laboratorios Clínicos': 'Laboratorio Clínico',
  'Laboratorios Dentales': 'Laboratorio Dental',
  'Cervecerías Artesanales': 'Cervecería Artesanal',
  Restaurantes: 'Restaurante',
  'Restaurantes de Mariscos': 'Marisquería',
  'Restaurantes Italianos': 'Restaurante Italiano',
  'Restaurantes Japoneses': 'Restaurante Japonés',
  'Comida China': 'Restaurante Chino',
  'Comida Criolla': 'Restaurante',
  'Comida Mexicana': 'Restaurante Mexicano',
  'Comida Vegana': 'Cocina Vegana',
  'Consultorios Médicos': 'Consultorio Médico',
  'Médicos Generalistas': 'Oficina Médica',
  'Contratistas Generales': 'Contratista',
  'Tiendas Naturistas': 'Tienda Naturista',
  'Tiendas Orgánicas': 'Tienda Orgánica',
  'Centros Comerciales': 'Plaza',
  'Centros Comunitarios': 'Centro Comunitario',
  'Colegios Privados': 'Colegio',
  'Escuelas Vocacionales': 'Instituto',
  'Clubes Deportivos': 'Club Deportivo',
  'Parques Acuáticos': 'Parque Acuático',
  'Entrenadores Personales': 'Entrenamiento Personal',
  'Instituciones Educativas': 'Instituto',
  'Consultores Ambientales': 'Consultora Ambiental',
  'Productoras Audiovisuales': 'Productora',
  'Ingenieros Civiles': 'Ingenieros',
  'Mercados Agrícolas': 'Mercado Agrícola',
  'Cirujanos Plásticos': 'Cirugía Plástica',
  'Food Trucks': 'Food Truck',
  'Pollos Asados': 'Pollos',
  'Plantas y Viveros': 'Vivero',
  'Arreglos Florales': 'Floristería',
  'Asilos y Hogares de Ancianos': 'Hogar de Ancianos',
  'Periódicos y Revistas': 'Periódico',
  'Acondicionadores de Aire': 'Aires Acondicionados',
  'Análisis de Laboratorio': 'Laboratorio',
  'Cultivos Hidropónicos': 'Hidropónicos',
};

const PREPOSITIONS = new Set(['de', 'del', 'para', 'por']);
const singularCache = new Map<string, string>();

/**
 * What a business of the category calls itself: "Panaderías" -> "Panadería",
 * "Talleres de Mecánica" -> "Taller de Mecánica"; otherwise the category itself
 * ("Control de Plagas", "Artículos Deportivos").
 */
export function singularOf(category: string): string {
  const cached = singularCache.get(category);
  if (cached) return cached;
  let singular = SINGULAR_CATEGORIES[category];
  if (!singular) {
    const [first = '', ...rest] = category.split(' ');
    const plainRest = rest.length === 0 || PREPOSITIONS.has(rest[0]!);
    const firstSingular =
      SINGULAR_FIRST_WORDS[first] ??
      (/[aeoáéó]s$/.test(first) && !/(es|sis|ólogos)$/.test(first) ? first.slice(0, -1) : undefined);
    singular = plainRest && firstSingular ? [firstSingular, ...rest].join(' ') : category;
  }
  singularCache.set(category, singular);
  return singular;
}

const WEEKDAY_9_TO_6: KindCatalog['hours'] = [
  null,
  ['09:00:00', '18:00:00'],
  ['09:00:00', '18:00:00'],
  ['09:00:00', '18:00:00'],
  ['09:00:00', '18:00:00'],
  ['09:00:00', '18:00:00'],
  ['09:00:00', '14:00:00'],
];

export const CATALOG: Record<Kind, KindCatalog> = {
  food: {
    products: [
      ['Mofongo relleno de camarones', 14, 24],
      ['Arroz con gandules y pernil', 8, 14],
      ['Pan sobao', 1.5, 3],
      ['Café con leche', 1.25, 3.5],
      ['Quesito', 1, 2.5],
      ['Pastelillo de carne', 1.5, 3],
      ['Alcapurria de jueyes', 2, 4],
      ['Bacalaíto', 1.5, 3],
      ['Tripleta', 7, 11],
      ['Pizza mediana de pepperoni', 10, 16],
      ['Flan de queso', 3, 6],
      ['Tembleque', 3, 5],
      ['Lechón asado (libra)', 8, 13],
      ['Piña colada', 6, 10],
      ['Mallorca con jamón y queso', 3, 6],
      ['Sándwich cubano', 7, 11],
      ['Empanadilla de pizza', 2, 4],
      ['Pollo al carbón entero', 9, 15],
      ['Tostones con mojo', 3, 6],
      ['Jugo de parcha natural', 2.5, 5],
      ['Bizcocho de cumpleaños', 25, 60],
      ['Coquito (botella de 750 ml)', 12, 25],
      ['Pasteles de masa (docena)', 30, 45],
      ['Asopao de pollo', 8, 13],
    ],
    services: [
      ['Catering para eventos', 250, 2500],
      ['Entrega a domicilio', 3, 8],
      ['Reservación para grupos', 0, 50],
      ['Bizcochos por encargo', 30, 250],
      ['Alquiler del salón privado', 150, 600],
      ['Pasteles por encargo para Navidad', 30, 120],
    ],
    serviceCategories: ['Catering', 'Entregas', 'Eventos', 'Encargos'],
    events: [
      'Noche de Bohemia',
      'Música en vivo con trío',
      'Noche de salsa',
      'Festival del lechón',
      'Brunch dominical',
      'Degustación de vinos',
      'Parranda navideña',
      'Especial del Día de las Madres',
    ],
    hours: [
      ['08:00:00', '16:00:00'],
      ['07:00:00', '21:00:00'],
      ['07:00:00', '21:00:00'],
      ['07:00:00', '21:00:00'],
      ['07:00:00', '21:00:00'],
      ['07:00:00', '23:00:00'],
      ['08:00:00', '23:00:00'],
    ],
  },
  beauty: {
    products: [
      ['Champú hidratante', 8, 25],
      ['Acondicionador con keratina', 10, 30],
      ['Aceite para barba', 9, 22],
      ['Esmalte de uñas', 5, 15],
      ['Crema facial con protector solar', 15, 45],
      ['Cera para peinar', 7, 18],
      ['Tratamiento capilar de aguacate', 12, 28],
      ['Set de brochas de maquillaje', 20, 60],
    ],
    services: [
      ['Corte de cabello', 12, 35],
      ['Recorte de barba', 8, 18],
      ['Manicura', 15, 35],
      ['Pedicura', 20, 45],
      ['Tinte completo', 45, 120],
      ['Alisado con keratina', 90, 250],
      ['Masaje relajante', 55, 120],
      ['Facial de limpieza profunda', 45, 110],
      ['Maquillaje para eventos', 40, 150],
    ],
    serviceCategories: ['Cabello', 'Uñas', 'Cuidado facial', 'Masajes', 'Maquillaje'],
    events: [
      'Día de spa a mitad de precio',
      'Taller de automaquillaje',
      'Lanzamiento de nueva línea de productos',
      'Especial de graduación',
      'Jornada de cortes para niños',
    ],
    hours: [
      null,
      null,
      ['09:00:00', '19:00:00'],
      ['09:00:00', '19:00:00'],
      ['09:00:00', '19:00:00'],
      ['09:00:00', '20:00:00'],
      ['08:00:00', '17:00:00'],
    ],
  },
  auto: {
    products: [
      ['Goma 205/55R16', 75, 160],
      ['Batería de 12 voltios', 110, 220],
      ['Aceite sintético 5W-30 (5 cuartos)', 28, 45],
      ['Filtro de aceite', 6, 15],
      ['Pastillas de freno delanteras', 35, 90],
      ['Limpiaparabrisas', 12, 30],
      ['Ambientador', 2, 6],
      ['Bombilla de foco delantero', 10, 40],
    ],
    services: [
      ['Cambio de aceite y filtro', 30, 80],
      ['Alineación y balanceo', 50, 100],
      ['Diagnóstico computadorizado', 40, 95],
      ['Reparación de frenos', 120, 400],
      ['Remolque dentro del municipio', 60, 150],
      ['Lavado y brillo', 15, 60],
      ['Inspección para el marbete', 11, 20],
      ['Pintura completa', 900, 3500],
    ],
    serviceCategories: ['Mantenimiento', 'Reparación', 'Inspección', 'Estética automotriz'],
    events: [
      'Clínica gratuita de frenos',
      'Venta de gomas de fin de semana',
      'Exhibición de autos clásicos',
      'Día de inspección sin cita',
    ],
    hours: [
      null,
      ['07:30:00', '17:00:00'],
      ['07:30:00', '17:00:00'],
      ['07:30:00', '17:00:00'],
      ['07:30:00', '17:00:00'],
      ['07:30:00', '17:00:00'],
      ['08:00:00', '13:00:00'],
    ],
  },
  health: {
    products: [
      ['Vitamina C 1000 mg', 8, 20],
      ['Termómetro digital', 10, 25],
      ['Monitor de presión arterial', 35, 80],
      ['Mascarillas desechables (caja de 50)', 6, 15],
      ['Protector solar SPF 50', 9, 22],
      ['Lentes de contacto (caja)', 25, 70],
      ['Glucómetro con tirillas', 25, 60],
      ['Suero oral', 4, 9],
    ],
    services: [
      ['Consulta general', 40, 120],
      ['Limpieza dental', 60, 150],
      ['Examen de la vista', 45, 110],
      ['Perfil de laboratorio básico', 25, 90],
      ['Sesión de terapia física', 50, 100],
      ['Vacuna de la influenza', 0, 40],
      ['Evaluación nutricional', 50, 120],
    ],
    serviceCategories: ['Consultas', 'Pruebas', 'Terapias', 'Prevención'],
    events: [
      'Feria de salud comunitaria',
      'Clínica de vacunación',
      'Charla sobre diabetes',
      'Día de cernimiento de presión arterial',
      'Maratón de donación de sangre',
    ],
    hours: [
      null,
      ['08:00:00', '17:00:00'],
      ['08:00:00', '17:00:00'],
      ['08:00:00', '17:00:00'],
      ['08:00:00', '17:00:00'],
      ['08:00:00', '17:00:00'],
      ['08:00:00', '12:00:00'],
    ],
  },
  pets: {
    products: [
      ['Alimento para perros (30 lb)', 35, 70],
      ['Arena para gatos', 10, 22],
      ['Collar antipulgas', 12, 45],
      ['Juguete de goma para perros', 5, 15],
      ['Alimento para caballos (50 lb)', 18, 35],
      ['Champú para mascotas', 8, 18],
    ],
    services: [
      ['Baño y recorte', 30, 80],
      ['Vacunación de mascotas', 20, 60],
      ['Hospedaje de mascotas (noche)', 25, 50],
      ['Consulta veterinaria', 40, 90],
      ['Esterilización', 90, 300],
    ],
    serviceCategories: ['Aseo', 'Salud animal', 'Hospedaje'],
    events: ['Clínica de vacunación para mascotas', 'Feria de adopción', 'Desfile de mascotas'],
    hours: WEEKDAY_9_TO_6,
  },
  home: {
    products: [
      ['Cemento Portland (saco de 94 lb)', 12, 18],
      ['Pintura interior (galón)', 25, 55],
      ['Tubo PVC de 3/4 pulgada', 3, 8],
      ['Martillo de carpintero', 12, 30],
      ['Bombillas LED (paquete de 4)', 8, 20],
      ['Cisterna de 600 galones', 450, 900],
      ['Planta eléctrica de 7,500 vatios', 900, 2200],
      ['Inversor solar', 800, 2500],
      ['Candado de seguridad', 10, 35],
      ['Sellador de techo (cubeta de 5 galones)', 90, 220],
    ],
    services: [
      ['Instalación de cisterna', 250, 700],
      ['Instalación de placas solares', 6000, 22000],
      ['Impermeabilización de techo', 900, 4500],
      ['Mantenimiento de aire acondicionado', 60, 150],
      ['Reparación de plomería', 75, 400],
      ['Instalación eléctrica residencial', 150, 1500],
      ['Fumigación residencial', 60, 180],
      ['Corte de grama', 30, 90],
      ['Duplicado de llaves', 2, 6],
      ['Instalación de rejas', 300, 1800],
    ],
    serviceCategories: ['Instalación', 'Mantenimiento', 'Reparación', 'Energía'],
    events: [
      'Taller: prepara tu casa para la temporada de huracanes',
      'Venta de liquidación',
      'Demostración de energía solar',
      'Feria de la construcción',
    ],
    hours: [
      null,
      ['07:00:00', '17:00:00'],
      ['07:00:00', '17:00:00'],
      ['07:00:00', '17:00:00'],
      ['07:00:00', '17:00:00'],
      ['07:00:00', '17:00:00'],
      ['07:00:00', '15:00:00'],
    ],
  },
  retail: {
    products: [
      ['Camiseta bordada de Puerto Rico', 12, 25],
      ['Sandalias', 15, 45],
      ['Cadena de oro de 14 quilates', 150, 900],
      ['Reloj de pulsera', 40, 300],
      ['Libreta universitaria', 2, 6],
      ['Bandera de Puerto Rico', 8, 25],
      ['Hamaca', 35, 90],
      ['Máscara de vejigante', 40, 250],
      ['Cuatro puertorriqueño', 300, 1500],
      ['Güiro artesanal', 15, 45],
      ['Funda para celular', 10, 30],
      ['Ramo de rosas', 25, 75],
      ['Perfume (100 ml)', 40, 120],
      ['Muñeca de trapo', 10, 30],
    ],
    services: [
      ['Envoltura de regalos', 2, 8],
      ['Grabado personalizado', 10, 40],
      ['Arreglos de ropa', 8, 35],
      ['Plan de apartado', 0, 10],
      ['Entrega a domicilio', 5, 15],
    ],
    serviceCategories: ['Personalización', 'Entregas', 'Arreglos'],
    events: [
      'Venta de aniversario',
      'Viernes Negro',
      'Venta de regreso a clases',
      'Feria artesanal',
      'Gran apertura',
      'Noche de compras navideñas',
    ],
    hours: [
      ['11:00:00', '17:00:00'],
      ['09:00:00', '18:00:00'],
      ['09:00:00', '18:00:00'],
      ['09:00:00', '18:00:00'],
      ['09:00:00', '18:00:00'],
      ['09:00:00', '19:00:00'],
      ['09:00:00', '19:00:00'],
    ],
  },
  professional: {
    products: [
      ['Tarjetas de presentación (500)', 25, 60],
      ['Rótulo en vinil', 40, 250],
      ['Sellos de goma', 15, 40],
      ['Guía de planificación contributiva', 10, 30],
    ],
    services: [
      ['Consulta inicial', 0, 150],
      ['Planilla de contribución sobre ingresos', 60, 300],
      ['Declaración jurada', 25, 75],
      ['Escritura de compraventa', 500, 2500],
      ['Plan de negocios', 400, 2000],
      ['Diseño de logo', 150, 600],
      ['Página web básica', 500, 2500],
      ['Tasación de propiedad', 300, 600],
      ['Traducción certificada (página)', 25, 60],
      ['Registro de corporación', 150, 500],
      ['Póliza de seguro de auto', 300, 1200],
    ],
    serviceCategories: ['Consultoría', 'Legal', 'Contribuciones', 'Diseño', 'Seguros'],
    events: [
      'Seminario de planificación contributiva',
      'Taller para pequeños comerciantes',
      'Clínica legal gratuita',
      'Conferencia de emprendimiento',
      'Día de puertas abiertas',
    ],
    hours: [
      null,
      ['08:00:00', '17:00:00'],
      ['08:00:00', '17:00:00'],
      ['08:00:00', '17:00:00'],
      ['08:00:00', '17:00:00'],
      ['08:00:00', '17:00:00'],
      null,
    ],
  },
  leisure: {
    products: [
      ['Membresía mensual', 25, 60],
      ['Camiseta oficial', 15, 30],
      ['Boleto de entrada general', 10, 45],
      ['Paquete de 10 clases', 80, 200],
      ['Libro de texto', 20, 90],
    ],
    services: [
      ['Clase de salsa', 10, 25],
      ['Clase de inglés conversacional', 15, 40],
      ['Tutoría de matemáticas (hora)', 20, 45],
      ['Entrenamiento personal', 30, 70],
      ['Excursión a El Yunque', 45, 120],
      ['Recorrido por el Viejo San Juan', 25, 65],
      ['Kayak en la bahía bioluminiscente', 50, 90],
      ['Fotografía de bodas', 900, 3500],
      ['DJ para fiestas', 250, 900],
      ['Alquiler de salón para actividades', 300, 1500],
    ],
    serviceCategories: ['Clases', 'Excursiones', 'Eventos', 'Entrenamiento'],
    events: [
      'Torneo de dominó',
      'Festival de bomba y plena',
      'Clase abierta gratuita',
      'Concierto de música típica',
      'Campamento de verano',
      'Celebración del Día de Reyes',
      'Noche de cine bajo las estrellas',
    ],
    hours: [
      ['10:00:00', '16:00:00'],
      ['06:00:00', '21:00:00'],
      ['06:00:00', '21:00:00'],
      ['06:00:00', '21:00:00'],
      ['06:00:00', '21:00:00'],
      ['06:00:00', '20:00:00'],
      ['08:00:00', '18:00:00'],
    ],
  },
};

export const CATEGORIES = BUSINESS_CATEGORIES;
