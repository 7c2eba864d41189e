// Sizes and counts as a person reads them in the portal's Spanish (Puerto Rico's number format).
let numbers: Intl.NumberFormat | undefined;

/** 12345 → '12,345' (es-PR groups thousands with a comma). */
export function formatCount(value: number): string {
  numbers ??= new Intl.NumberFormat('es-PR');
  return numbers.format(value);
}

/** Bytes received so far, for an export's progress: '512 B', '24 KB', '1.4 MB'. */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} B`;
  if (bytes < 1024 * 1024) return `${formatCount(Math.round(bytes / 1024))} KB`;
  return `${new Intl.NumberFormat('es-PR', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)} MB`;
}
