// The Spanish the portal shows for every message the server (or a contract schema) writes. The server
// keeps SPEC's English word for word; a person reads the text of this table instead.
// Loaded only behind sign-in (the login page keeps its own few texts): keys of tables other than MSG
// are written out rather than imported, so that this file pulls in no schema module (and no zod).
// messages-es.test.ts checks that every message of the contract has its Spanish text here.
import { MSG } from './messages.ts';

/** Messages the contract already writes in Spanish: shown as they are. */
const ALREADY_SPANISH: readonly string[] = [
  MSG.loginEmailRequired,
  MSG.loginPasswordRequired,
  MSG.loginEmailInvalid,
  MSG.loginError,
  MSG.loginConnectionError,
  MSG.loginInvalidCredentials,
  MSG.loginLocked,
  MSG.emailChangeInvalidEmail,
  MSG.codeSixDigitsEs,
  MSG.businessDeleted,
  // AUTH_MSG (auth.ts)
  'Inicio de sesión exitoso',
  'Sesión cerrada exitosamente',
  'Sesión renovada',
  'Demasiados intentos fallidos desde esta dirección. Por favor espere 15 minutos e intente nuevamente.',
  'Demasiados intentos fallidos para esta cuenta. Por favor espere un momento e intente nuevamente.',
  // REGISTRATION_MESSAGES.temporaryPasswordSubject (public-registration.ts)
  'Su contraseña temporal — Portal de Negocios',
];

const TRANSLATED: ReadonlyArray<readonly [english: string, spanish: string]> = [
  // Generic (SPEC §8)
  [MSG.requestFailed, 'La solicitud no se pudo completar.'],
  [MSG.invalidRequestData, 'Los datos enviados no son válidos.'],
  [MSG.resourceNotFound, 'No se encontró el recurso solicitado.'],
  [MSG.dataAlreadyExists, 'Los datos ya existen.'],
  [MSG.internalServerError, 'Error interno del servidor.'],
  [MSG.sessionExpired, 'Su sesión expiró. Inicie sesión de nuevo.'],
  [MSG.unauthorized, 'No autorizado: la sesión no es válida o expiró.'],
  [MSG.sessionEndedElsewhere, 'Su sesión se cerró desde otro dispositivo.'],
  [MSG.tooManyRequests, 'Demasiadas solicitudes. Por favor intente más tarde.'],
  [
    MSG.serviceUnavailable,
    'El servicio no está disponible en este momento. Intente de nuevo en unos minutos.',
  ],
  [MSG.requestTimeout, 'La solicitud tardó demasiado en llegar al servidor. Intente de nuevo.'],

  // Roles (SPEC §6, §8)
  [MSG.onlyAdminAndMaster, 'Solo los usuarios administradores y maestros pueden usar este servicio.'],
  [
    MSG.onlyAdminAndMasterBusinessData,
    'Solo los usuarios administradores y maestros pueden ver los datos de negocios.',
  ],
  [MSG.invalidLoginTypeBusinessData, 'Tipo de sesión no válido para ver los datos de negocios.'],
  [MSG.onlyMaster, 'Solo los usuarios maestros pueden usar este servicio.'],
  [MSG.onlyMasterAdminAccounts, 'Solo los usuarios maestros pueden gestionar cuentas de administrador.'],
  [MSG.adminIdMismatch, 'El ID de administrador no corresponde a la sesión.'],
  [MSG.masterKeyInvalid, 'La credencial maestra no es válida.'],
  [MSG.deletionMasterOnly, 'Acceso denegado: solo un usuario maestro puede eliminar negocios.'],
  [MSG.exportAllMasterOnly, 'Acceso denegado: solo un usuario maestro puede exportar todo el directorio.'],
  [MSG.accessDenied, 'Acceso denegado.'],

  // Admin creation (SPEC §5)
  [MSG.firstNameMin, 'El nombre debe tener al menos 2 caracteres'],
  [MSG.lastNameMin, 'El apellido debe tener al menos 2 caracteres'],
  [MSG.validEmailRequired, 'Se requiere un correo electrónico válido'],
  [MSG.passwordMin, 'La contraseña debe tener al menos 8 caracteres'],
  [MSG.invalidAccessStatus, 'Estado de acceso no válido'],
  [MSG.adminEmailAlreadyRegistered, 'Este correo electrónico ya está registrado'],

  // Password strength (SPEC §5)
  [MSG.passwordMinLong, 'La contraseña debe tener al menos 8 caracteres'],
  [MSG.passwordUpper, 'La contraseña debe contener al menos una letra mayúscula'],
  [MSG.passwordLower, 'La contraseña debe contener al menos una letra minúscula'],
  [MSG.passwordNumber, 'La contraseña debe contener al menos un número'],
  [MSG.passwordSpecial, 'La contraseña debe contener al menos un carácter especial'],

  // Bulk (SPEC §8)
  [
    MSG.invalidBulkAction,
    'Acción masiva no válida. Acciones admitidas: activar, desactivar, suspender, eliminar.',
  ],
  [MSG.bulkIdsRequired, 'Seleccione al menos un administrador para la acción masiva.'],
  [MSG.bulkMax, 'Se pueden procesar como máximo 50 administradores a la vez.'],

  // Per-operation fallbacks (SPEC §8)
  [MSG.failedCreateAdmin, 'No se pudo crear la cuenta de administrador.'],
  [MSG.failedListAdmins, 'No se pudieron cargar las cuentas de administrador.'],
  [MSG.failedGetAdmin, 'No se pudo cargar la cuenta de administrador.'],
  [MSG.failedUpdateAdmin, 'No se pudo actualizar la cuenta de administrador.'],
  [MSG.failedDeleteAdmin, 'No se pudo eliminar la cuenta de administrador.'],
  [MSG.failedResetPassword, 'No se pudo restablecer la contraseña del administrador.'],
  [MSG.failedSearchAdmins, 'No se pudieron buscar las cuentas de administrador.'],
  [MSG.failedAdminStats, 'No se pudieron cargar las estadísticas de administradores.'],
  [MSG.failedRegistrationHistory, 'No se pudo cargar el historial de registros.'],
  [MSG.failedRegistrationRecord, 'No se pudo cargar el registro.'],
  [MSG.failedBulk, 'No se pudo completar la acción masiva.'],
  [MSG.healthCheckFailed, 'La verificación de estado del servicio falló.'],
  [MSG.failedFetchBusinesses, 'No se pudieron cargar los negocios.'],

  // List filters (SPEC §5)
  [MSG.limitRange, 'El límite debe estar entre 1 y 1000.'],
  [MSG.offsetNonNegative, 'El desplazamiento no puede ser negativo.'],
  [MSG.dateFromBeforeTo, 'La fecha desde debe ser anterior a la fecha hasta.'],
  [MSG.invalidYear, 'El año indicado no es válido.'],
  [MSG.minPriceBelowMax, 'El precio mínimo debe ser menor que el precio máximo.'],
  [MSG.minCapacityBelowMax, 'La capacidad mínima debe ser menor que la capacidad máxima.'],
  [MSG.priceNonNegative, 'El precio no puede ser negativo.'],
  [MSG.capacityNonNegative, 'La capacidad no puede ser negativa.'],
  [MSG.searchMin, 'El término de búsqueda debe tener al menos 2 caracteres.'],
  [MSG.invalidOperationType, 'El tipo de operación debe ser INSERT, UPDATE o DELETE.'],
  [MSG.invalidProductStatus, 'Estado de producto no válido.'],
  [MSG.invalidEmployeeStatus, 'Estado de empleado no válido.'],
  [MSG.startDateRange, 'La fecha de inicio desde debe ser anterior a la fecha de inicio hasta.'],
  [MSG.registryRequired, 'El número de registro es requerido.'],
  [MSG.productIdRequired, 'El ID del producto es requerido.'],
  [MSG.serviceIdRequired, 'El ID del servicio es requerido.'],
  [MSG.eventIdRequired, 'El ID del evento es requerido.'],
  [MSG.employeeIdRequired, 'El ID del empleado es requerido.'],
  [MSG.locationIdRequired, 'El ID de la ubicación es requerido.'],

  // Business registration (SPEC §5)
  [MSG.termsMustBeAccepted, 'Debe aceptar los términos del negocio.'],
  [MSG.validEmailPattern, 'Por favor ingrese un correo electrónico válido.'],
  [MSG.emailAlreadyRegistered, 'Ya existe un negocio registrado con este correo electrónico.'],
  [MSG.phoneAlreadyRegistered, 'Ya existe un negocio registrado con este teléfono.'],

  // Email change (SPEC §5, §8)
  [MSG.emailChangeNotFound, 'No se encontró el registro del negocio.'],
  [
    MSG.emailChangeConflict,
    'Conflicto: el nuevo correo electrónico ya está registrado o no hay un cambio pendiente.',
  ],
  [MSG.emailChangeUnauthorized, 'No autorizado: el código de verificación no es válido o no tiene acceso.'],
  [
    MSG.emailChangeAccessDenied,
    'Acceso denegado: debe ser un usuario administrador o maestro para usar este servicio.',
  ],
  [MSG.codeSixDigits, 'El código de verificación debe ser un número de 6 dígitos.'],

  // Send code (SPEC §5, §8)
  [MSG.sendCodeInvalid, 'Solicitud no válida.'],
  [MSG.sendCodeServerError, 'Error interno del servidor.'],
  [MSG.sendCodeUnexpected, 'Ocurrió un error inesperado.'],
  [MSG.sendCodeEmailRequired, 'Se requiere un correo electrónico válido.'],

  // Verification update (SPEC §5)
  [MSG.verificationFieldRequired, 'Indique al menos la verificación del email o la del teléfono.'],
  [MSG.verificationBoolean, 'La verificación del email y del teléfono deben ser verdadero o falso.'],

  // Access (SPEC §8)
  [MSG.failedUpdateAccess, 'No se pudo actualizar el acceso.'],
  [MSG.failedCreateDefaultAccess, 'No se pudo crear el acceso predeterminado.'],
  [MSG.failedCreateMasterAccess, 'No se pudo crear el Acceso Maestro.'],
  [MSG.defaultAccessCreated, '¡Acceso predeterminado creado exitosamente!'],
  [MSG.masterAccessCreated, '¡Acceso Maestro creado exitosamente!'],

  // Subscriptions (SPEC §8)
  [MSG.subscriptionNotFound, 'No se encontró la suscripción.'],
  [MSG.businessNotFound, 'No se encontró el negocio.'],

  // CONFLICT_MSG (edit-conflicts.ts)
  [
    'Precondition failed: the record was changed by someone else',
    'Este registro cambió mientras lo editaba.',
  ],
  [
    'Invalid If-Match header: send one or more quoted versions, or *',
    'La versión enviada en el encabezado If-Match no es válida.',
  ],

  // ACCESS_MESSAGES (access.ts)
  ['Access record not found', 'No se encontró el registro de acceso.'],
  ['Master access record not found', 'No se encontró el registro de Acceso Maestro.'],
  ['Access record already exists', 'El registro de acceso ya existe.'],
  ['Master access already exists', 'El Acceso Maestro ya existe.'],
  [
    'Only master users can change master access or another admin access',
    'Solo los usuarios maestros pueden cambiar el Acceso Maestro o el de otro administrador.',
  ],
  [
    'Only master users can create master access',
    'Solo los usuarios maestros pueden crear el Acceso Maestro.',
  ],
  [
    'Only master users can turn back on an access a master user turned off',
    'Solo los usuarios maestros pueden volver a activar un acceso que desactivó un usuario maestro.',
  ],
  ['Invalid admin ID', 'ID de administrador no válido.'],
  ['Access updated successfully!', '¡Acceso actualizado exitosamente!'],

  // LOCKOUT_MSG (admin-lockout.ts)
  ['Sign-in lock released', 'Bloqueo de inicio de sesión liberado.'],
  ['Admin account is not locked', 'La cuenta del administrador no está bloqueada.'],

  // ADMIN_MSG (admin-registration.ts)
  ['Admin account created successfully', 'Cuenta de administrador creada exitosamente.'],
  ['Admin account updated successfully', 'Cuenta de administrador actualizada exitosamente.'],
  ['Admin account deleted successfully', 'Cuenta de administrador eliminada exitosamente.'],
  ['Admin password reset successfully', 'Contraseña del administrador restablecida exitosamente.'],
  ['Admin account not found', 'No se encontró la cuenta de administrador.'],
  ['Registration record not found', 'No se encontró el registro.'],
  ['Phone number must be 10 digits', 'El número de teléfono debe tener 10 dígitos'],
  ['admin_id does not match the account in the path', 'El ID de administrador no corresponde a la cuenta.'],

  // Email change and code sending (email-change.ts, email-verification.ts)
  [
    'Verification code sent to the new email address.',
    'Código de verificación enviado al nuevo correo electrónico.',
  ],
  ['Email updated successfully.', 'Correo electrónico actualizado exitosamente.'],
  ['Verification code sent successfully.', 'Código de verificación enviado exitosamente.'],

  // Content lookups (employees.ts, events.ts, products.ts, services.ts)
  ['Employee not found', 'No se encontró el empleado.'],
  ['Event not found', 'No se encontró el evento.'],
  ['Invalid event status', 'Estado de evento no válido.'],
  ['Product not found', 'No se encontró el producto.'],
  ['Service not found', 'No se encontró el servicio.'],
  ['Invalid service price type', 'Tipo de precio de servicio no válido.'],

  // LOCATION_MESSAGES (locations.ts)
  ['Location not found', 'No se encontró la ubicación.'],
  ['Latitude must be between -90 and 90', 'La latitud debe estar entre -90 y 90.'],
  ['Longitude must be between -180 and 180', 'La longitud debe estar entre -180 y 180.'],
  ['Latitude and longitude must be numeric', 'La latitud y la longitud deben ser numéricas.'],
  ['Location count must be non-negative', 'La cantidad de ubicaciones no puede ser negativa.'],
  ['Zip code may contain only digits and hyphens', 'El código postal solo puede contener números y guiones'],

  // REGISTRATION_MESSAGES (public-registration.ts)
  ['Business registered successfully', 'Negocio registrado exitosamente.'],
  [
    'phone_verified and email_verified must be booleans',
    'La verificación del teléfono y del email deben ser verdadero o falso.',
  ],
  ['Phone number must have 10 digits', 'El número de teléfono debe tener 10 dígitos'],

  // STAFF_AUDIT_MSG (staff-audit.ts), VERIFICATION_UPDATED (verification.ts)
  ['Invalid action', 'Acción no válida.'],
  ['Verification status updated successfully', 'Estado de verificación actualizado exitosamente.'],

  // Sorting and saved views
  [MSG.sortOrder, 'El orden debe ser ascendente o descendente.'],
  [MSG.directorySortBy, 'Solo se puede ordenar por nombre, fecha de registro o verificación.'],
  [MSG.exportFormat, 'El formato de exportación debe ser CSV o Excel (XLSX).'],
  [MSG.adminSortBy, 'Solo se puede ordenar por nombre, email, fecha de creación o estado.'],
  [MSG.staffAuditSortBy, 'Solo se puede ordenar por fecha, miembro del personal o acción.'],
  [MSG.savedViewLimit, 'Alcanzó el límite de vistas guardadas (50). Elimine una para guardar otra.'],
  [MSG.savedViewName, 'El nombre de la vista debe tener entre 1 y 60 caracteres.'],
  [MSG.savedViewNameTaken, 'Ya tiene una vista guardada con ese nombre.'],
  [MSG.savedViewNotFound, 'No se encontró la vista guardada.'],
  [MSG.savedViewOrder, 'El nuevo orden debe incluir cada una de sus vistas guardadas una vez.'],
  [
    MSG.savedViewQueryField,
    'Una vista guardada solo puede contener la búsqueda, filtros, orden y tamaño de página del directorio.',
  ],
  [MSG.savedViewQueryValue, 'Los valores de una vista guardada deben ser texto.'],
  [MSG.savedViewDeleted, 'Vista guardada eliminada.'],
  [MSG.ownerAccessNotFailed, 'Este negocio no tiene un correo de acceso fallido que reenviar.'],
  [MSG.webhookSignatureInvalid, 'La firma del aviso de pago no es válida.'],
  [MSG.webhookProviderUnavailable, 'El proveedor de pagos no responde; intente más tarde.'],
  [
    MSG.paymentEventNotFound,
    'El evento de pago ya no está entre los eventos sin negocio: se aplicó a un negocio o no existe.',
  ],

  // SESSIONS_MSG (sessions.ts)
  ['Invalid session id', 'El identificador de la sesión no es válido.'],
  ['Session not found', 'No se encontró la sesión (puede que ya se haya cerrado).'],
  ['Session ended', 'Sesión cerrada.'],
  ['Other sessions ended', 'Se cerraron las demás sesiones.'],

  // TWO_FACTOR_MSG (two-factor.ts)
  ['Code is required', 'El código es requerido.'],
  ['Invalid two-factor code', 'Código de verificación incorrecto.'],
  [
    'This recovery code has already been used',
    'Este código de recuperación ya se usó: cada código sirve una sola vez.',
  ],
  [
    'The sign-in step expired or is no longer valid: sign in again',
    'El paso de verificación expiró o ya no es válido. Inicie sesión de nuevo.',
  ],
  ['Two-factor authentication is already enabled', 'La verificación en dos pasos ya está activada.'],
  ['Two-factor authentication is not enabled', 'La verificación en dos pasos no está activada.'],
  ['Start the two-factor setup first', 'Primero inicie la configuración de la verificación en dos pasos.'],
  [
    'Two-factor authentication is required for admins and cannot be turned off',
    'La verificación en dos pasos es obligatoria para los administradores y no se puede desactivar.',
  ],
  ['Two-factor authentication enabled', 'Verificación en dos pasos activada.'],
  ['Two-factor authentication disabled', 'Verificación en dos pasos desactivada.'],
  ['Two-factor policy updated', 'Política de verificación en dos pasos actualizada.'],
  ['admins_require_2fa must be true or false', 'El valor de la política debe ser verdadero o falso.'],
  ['Enter the code from your authenticator app', 'Ingrese el código de su aplicación de autenticación.'],
  [
    'Two-factor authentication is required: set it up to continue',
    'La verificación en dos pasos es obligatoria: configúrela para continuar.',
  ],

  // IMPORT_MSG (business-import.ts); written out, so this file pulls in no schema
  ['Send the spreadsheet as the multipart field "file"', 'Adjunte la hoja de cálculo en el campo "file".'],
  ['The file must be a CSV or XLSX spreadsheet', 'El archivo debe ser una hoja de cálculo CSV o XLSX.'],
  ['The file is larger than 20 MB', 'El archivo pesa más de 20 MB.'],
  ['The file has no rows to import', 'El archivo no tiene filas para importar.'],
  [
    'The first row of the file must name its columns',
    'La primera fila del archivo debe tener los nombres de las columnas.',
  ],
  ['The file has more than 100,000 rows', 'El archivo tiene más de 100,000 filas.'],
  ['The file has more than 100 columns', 'El archivo tiene más de 100 columnas.'],
  ['The XLSX file could not be read', 'No se pudo leer el archivo XLSX.'],
  [
    'The XLSX file expands past the allowed size',
    'El archivo XLSX se expande más allá del tamaño permitido.',
  ],
  [
    'The mapping names a column the file does not have',
    'La correspondencia nombra una columna que el archivo no tiene.',
  ],
  ['Each field can be filled from one column only', 'Cada campo solo puede venir de una columna.'],
  ['Import not found', 'No se encontró la importación.'],
  ['This import has already been started', 'Esta importación ya se inició.'],
  ['Preview the import before starting it', 'Revise la vista previa antes de iniciar la importación.'],
  [
    'This import was previewed again with another mapping: review the new preview before starting it',
    'La importación se revisó de nuevo con otras columnas (quizá en otra pestaña): vea la vista previa otra vez antes de iniciarla.',
  ],
  [
    'This import has not run yet: it has no results',
    'Esta importación todavía no se ha ejecutado: no tiene resultados.',
  ],
  [
    'This import has not been started: there is nothing to cancel',
    'Esta importación no se ha iniciado: no hay nada que cancelar.',
  ],
  [
    'This import has already ended: it can no longer be cancelled',
    'Esta importación ya terminó: ya no se puede cancelar.',
  ],
  [
    'This import has already been started: it can no longer be discarded',
    'Esta importación ya se inició: ya no se puede descartar.',
  ],
  ['Import discarded', 'Se descartó la importación.'],
  ['No business has this registry number', 'No existe un negocio con este número de registro.'],
  ['An earlier row of this file has this email', 'Una fila anterior de este archivo tiene este email.'],
  ['An earlier row of this file has this phone', 'Una fila anterior de este archivo tiene este teléfono.'],
  [
    "A registered business's email changes with a verification code (Update Email)",
    'El email de un negocio registrado se cambia con un código de verificación (Actualizar Email).',
  ],
  ['Invalid value', 'Valor no válido.'],
  // BUSINESS_EDIT_MSG (business-edit.ts), TRASH_MSG (business-trash.ts)
  [
    'At least one field to update is required: business_name, business_owner, business_phone, business_category, business_description, business_address, business_year',
    'Indique al menos un dato que cambiar.',
  ],
  ['Business updated successfully', 'Datos del negocio actualizados exitosamente.'],
  ['Business not found in the trash', 'El negocio no está en la papelera.'],
  ['Business restored from the trash', 'Negocio restaurado desde la papelera.'],
  ['Business deleted permanently', 'Negocio eliminado definitivamente.'],
  [
    'Cannot restore: another business now has this registry number',
    'No se puede restaurar: otro negocio tiene ahora este número de registro.',
  ],
  [
    'Cannot restore: another business now has this email',
    'No se puede restaurar: otro negocio tiene ahora este correo electrónico.',
  ],
  [
    'Cannot restore: another business now has this phone',
    'No se puede restaurar: otro negocio tiene ahora este número de teléfono.',
  ],
  [
    'Access denied: The trash is a master-level-only function.',
    'Acceso denegado: solo un usuario maestro puede usar la papelera.',
  ],
  // BULK_MSG (business-bulk.ts)
  [
    'Invalid bulk action. Supported actions: verify, update, delete',
    'Acción masiva no válida: puede verificar, cambiar datos o eliminar.',
  ],
  [
    'registry_numbers must be a non-empty list of registry numbers',
    'Seleccione al menos un negocio (números de registro).',
  ],
  [
    'At most 1000 registry numbers can be processed at once',
    'Se pueden procesar como máximo 1000 negocios a la vez.',
  ],
  [
    'fields must name at least one of business_category, business_description, business_year',
    'Indique al menos un dato a cambiar: categoría, descripción o año.',
  ],
  [
    'Not applied: the database became unavailable',
    'No se aplicó: la base de datos dejó de responder. Inténtelo de nuevo.',
  ],
  [
    'versions can name at most 1000 registry numbers',
    'Se pueden enviar como máximo 1000 versiones de negocios a la vez.',
  ],
  // ACCOUNT_MSG (account.ts)
  ['Current password is required', 'La contraseña actual es requerida.'],
  ['Current password is incorrect', 'La contraseña actual es incorrecta.'],
  [
    'The new password must be different from the current one',
    'La nueva contraseña debe ser distinta de la actual.',
  ],
  [
    'Password changed; your other sessions were ended',
    'Contraseña cambiada. Se cerraron sus demás sesiones.',
  ],
  [
    'Enter a current two-factor code or your password',
    'Ingrese un código actual de su aplicación de autenticación o su contraseña.',
  ],
  [
    'New recovery codes generated; the previous ones no longer work',
    'Se generaron nuevos códigos de recuperación; los anteriores ya no funcionan.',
  ],

  // EXPORT_LIMIT_MESSAGE (business-data.ts), with LIMITS.exportMaxRows
  ['Limit must be between 1 and 10000', 'El límite debe estar entre 1 y 10000.'],
];

/** Messages built from values (the functions of the contract's message tables). */
const PATTERNS: ReadonlyArray<readonly [RegExp, (...parts: string[]) => string]> = [
  // MSG.missingRequiredFields, MSG.missingLocationFields
  [/^Missing required fields: (.*)$/s, (fields) => `Faltan campos requeridos: ${fields}`],
  [
    /^Missing required location fields: (.*)$/s,
    (fields) => `Faltan campos requeridos de la ubicación: ${fields}`,
  ],
  // IMPORT_MSG.mappingRequired (business-import.ts)
  [
    /^No column is mapped to the required fields: (.*)$/s,
    (fields) => `Ninguna columna corresponde a los campos obligatorios: ${fields}`,
  ],
  // IMPORT_MSG.csvUnreadable (business-import.ts): a row that is not UTF-8 (the header), the row
  // the parser stopped at, or none
  [
    /^The CSV file could not be read at row (\d+): it has bytes that are not UTF-8 text$/,
    (row) =>
      `No se pudo leer el archivo CSV en la fila ${row}: tiene caracteres que no se pudieron leer. Guárdelo como CSV UTF-8 y vuelva a subirlo.`,
  ],
  [
    /^The CSV file could not be read at row (\d+): it has more than 1000 cells$/,
    (row) =>
      `No se pudo leer el archivo CSV en la fila ${row}: tiene más de 1000 celdas. Revise que sus columnas estén separadas solo por comas o solo por punto y coma.`,
  ],
  [
    /^The CSV file could not be read(?: at row (\d+): check that its quotes are closed)?$/,
    (row) =>
      row
        ? `No se pudo leer el archivo CSV en la fila ${row}: revise que sus comillas estén cerradas.`
        : 'No se pudo leer el archivo CSV.',
  ],
  // MSG.requestFailedWithStatus
  [/^Request failed with status (\d+)$/, (status) => `La solicitud falló (código ${status}).`],
  // LOCATION_MESSAGES.tooLong, REGISTRATION_MESSAGES.tooLong
  [/^(.+) must be at most (\d+) characters$/s, (field, max) => `${field} no puede exceder ${max} caracteres`],
  // ADMIN_MSG.bulkDone, ADMIN_MSG.bulkNotFound
  [
    /^Bulk (\w+) completed for (\d+) admin\(s\)$/,
    (action, count) => `Acción masiva (${action}) completada para ${count} administrador(es).`,
  ],
  [/^Admin accounts not found: (.*)$/s, (ids) => `No se encontraron las cuentas de administrador: ${ids}`],
  // MSG.accountStatus: already Spanish
  [/^(Su cuenta está .+\. Por favor, contacte a un administrador\.)$/s, (text) => text],
];

const TABLE: ReadonlyMap<string, string> = new Map<string, string>([
  ...ALREADY_SPANISH.map((text) => [text, text] as const),
  ...TRANSLATED,
]);

/** The Spanish text of a message of the contract, or undefined when the message is not one of them. */
export function spanishMessage(message: string): string | undefined {
  const text = message.trim();
  const known = TABLE.get(text);
  if (known !== undefined) return known;
  for (const [pattern, spanish] of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return spanish(...match.slice(1));
  }
  return undefined;
}

/** What a person reads for an error the table does not know; the request id lets support find it. */
export function unexpectedErrorMessage(requestId?: string | null): string {
  const base = 'Ocurrió un error inesperado.';
  return requestId ? `${base} Código de soporte: ${requestId}` : base;
}

/** The support code added to a known server failure (5xx), when the answer carried a request id. */
export function withSupportCode(text: string, requestId?: string | null): string {
  return requestId ? `${text} Código de soporte: ${requestId}` : text;
}
