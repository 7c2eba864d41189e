// A write of a row modal answered 404: the business was deleted (moved to the trash) while the modal
// was open, in another tab or by someone else. Said as such, not as a generic "not found".
import { ApiError } from '../../../api/api-error.ts';

export const BUSINESS_GONE =
  'Este negocio ya no existe: lo eliminaron mientras esta ventana estaba abierta. No se guardó nada. ' +
  'Un usuario maestro puede restaurarlo desde la Papelera.';

export const isBusinessGone = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
