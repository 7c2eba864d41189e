import { ListSortControls } from '../../../ui/list-sort-controls.tsx';
import { DEFAULT_ORDER, type DirectoryView, PAGE_SIZES, SORT_OPTIONS } from '../directory-view.ts';

interface DirectoryListControlsProps {
  view: DirectoryView;
  /** Every change goes back to page 1 (the caller's update does that). */
  onChange: (changes: Partial<DirectoryView>) => void;
}

/** The directory's sort and page size (issue #24), kept in the URL. */
export function DirectoryListControls({ view, onChange }: DirectoryListControlsProps) {
  return (
    <ListSortControls
      className="justify-end"
      fields={SORT_OPTIONS}
      sortBy={view.sortBy}
      sortOrder={view.sortOrder}
      pageSize={view.pageSize}
      pageSizes={PAGE_SIZES}
      onSortBy={(sortBy) => onChange({ sortBy, sortOrder: DEFAULT_ORDER[sortBy] })}
      onSortOrder={(sortOrder) => onChange({ sortOrder })}
      onPageSize={(pageSize) => onChange({ pageSize })}
    />
  );
}
