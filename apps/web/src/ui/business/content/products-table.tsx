import { formatDollars } from '@portal/contract/money';
import type { Product } from '../../../api/content-api.ts';
import { type ResponsiveColumn, ResponsiveTable } from '../../responsive-table.tsx';
import { productStatus } from './content-labels.ts';
import { itemColumns, Status } from './item-cells.tsx';

const columns: ResponsiveColumn<Product>[] = [
  ...itemColumns<Product>({
    id: 'item',
    header: 'Producto',
    item: (p) => ({ name: p.product_item, id: p.product_id || p.id, description: p.product_description }),
  }),
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
