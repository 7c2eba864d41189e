import type { Product } from '../../../api/content-api.ts';
import { formatDollars } from '../../../lib/format-money.ts';
import { DESCRIPTION_MAX_LENGTH } from '../../../lib/truncate.ts';
import { type ResponsiveColumn, ResponsiveTable } from '../../responsive-table.tsx';
import { productStatus } from './content-labels.ts';
import { Description, ItemName, Status } from './item-cells.tsx';

const columns: ResponsiveColumn<Product>[] = [
  {
    id: 'item',
    header: 'Producto',
    className: 'min-w-48',
    cell: (product) => <ItemName name={product.product_item} id={product.product_id || product.id} />,
  },
  {
    id: 'description',
    header: 'Descripción',
    className: 'min-w-64',
    cell: (product) => <Description text={product.product_description} max={DESCRIPTION_MAX_LENGTH} />,
  },
  {
    id: 'price',
    header: 'Precio',
    className: 'whitespace-nowrap tabular-nums',
    cell: (product) => formatDollars(product.product_price),
  },
  {
    id: 'status',
    header: 'Estado',
    cell: (product) => <Status {...productStatus(product.product_status)} />,
  },
];

export function ProductsTable({ products }: { products: Product[] }) {
  return <ResponsiveTable label="Productos" columns={columns} rows={products} rowKey={(row) => row.id} />;
}
