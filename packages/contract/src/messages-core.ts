// The messages the login page and the API client need, apart from the rest of MSG: the login
// route loads only these (it must stay under 90 KB of JS). messages.ts spreads them into MSG.
export const MSG_CORE = {
  requestFailed: 'Request failed',
  invalidRequestData: 'Invalid request data',
  internalServerError: 'Internal server error',
  sessionExpired: 'Session expired',
  unauthorized: 'Unauthorized: Invalid or expired session.',
  /** /auth/refresh of a session that someone ended (another device, 'Mis sesiones', the master). */
  sessionEndedElsewhere: 'Session ended from another device',
  tooManyRequests: 'Too many requests. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable',
  requestTimeout: 'Request timeout',
  invalidLoginTypeBusinessData: 'Invalid login type for business data access',
  loginEmailRequired: 'El correo electrónico es requerido',
  loginPasswordRequired: 'La contraseña es requerida',
  loginEmailInvalid: 'Por favor ingrese un correo electrónico válido',
  loginError: 'Error de inicio de sesión',
  loginConnectionError: 'Error de conexión. Por favor intente nuevamente.',
  loginInvalidCredentials: 'Credenciales inválidas',
  loginLocked: 'Demasiados intentos fallidos. Por favor espere 15 minutos e intente nuevamente.',
  accountStatus: (status: string) => `Su cuenta está ${status}. Por favor, contacte a un administrador.`,
} as const;
