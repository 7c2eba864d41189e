// Singular or plural by the count people read ('1 negocio encontrado', '2 negocios encontrados'),
// and the span a list shows ('1-20', or '1' when it is one row).
const count = new Intl.NumberFormat('es-PR');

/** `one` when the count is exactly 1, else `many`. */
export const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/** '1-20', or '7' when the first row shown is also the last. */
export const shownSpan = (first: number, last: number): string =>
  first === last ? count.format(first) : `${count.format(first)}-${count.format(last)}`;
