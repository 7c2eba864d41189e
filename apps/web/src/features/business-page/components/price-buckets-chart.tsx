// SPEC §9's price ranges as a small bar chart: plain divs, each bar with its count in text; the
// chart reads as a list ('Menos de $10: 1') to a screen reader.
const countFormat = new Intl.NumberFormat('es-PR');

export interface PriceBucket {
  key: string;
  label: string;
}

export const PRODUCT_BUCKETS: PriceBucket[] = [
  { key: 'under_10', label: 'Menos de $10' },
  { key: '10_to_50', label: '$10–$50' },
  { key: '50_to_100', label: '$50–$100' },
  { key: 'over_100', label: 'Más de $100' },
];

export const SERVICE_BUCKETS: PriceBucket[] = [
  { key: 'under_25', label: 'Menos de $25' },
  { key: '25_to_100', label: '$25–$100' },
  { key: '100_to_500', label: '$100–$500' },
  { key: 'over_500', label: 'Más de $500' },
];

interface PriceBucketsChartProps {
  title: string;
  buckets: PriceBucket[];
  counts: Record<string, number>;
}

export function PriceBucketsChart({ title, buckets, counts }: PriceBucketsChartProps) {
  const max = Math.max(1, ...buckets.map((bucket) => counts[bucket.key] ?? 0));
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-xs font-medium text-slate-600">{title}</figcaption>
      <ul className="space-y-1.5">
        {buckets.map((bucket) => {
          const count = counts[bucket.key] ?? 0;
          return (
            <li key={bucket.key} className="grid grid-cols-[7.5rem_1fr_2.5rem] items-center gap-2 text-sm">
              <span className="truncate text-slate-700">{bucket.label}</span>
              <span className="h-3 rounded-sm bg-slate-100" aria-hidden="true">
                <span
                  className="block h-3 rounded-sm bg-blue-600"
                  style={{ width: `${(count / max) * 100}%` }}
                />
              </span>
              <span className="text-right font-medium tabular-nums text-slate-900">
                <span className="sr-only">: </span>
                {countFormat.format(count)}
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
