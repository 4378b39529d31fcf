import { useEffect, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

/** Search (debounced), ordering, page and size of an admin table; changing any filter goes to page 1. */
export function useTableState(initial: { size: number; ordering?: string }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [ordering, setOrdering] = useState(initial.ordering ?? '');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initial.size);
  useEffect(() => setPage(1), [debounced, ordering, size]);
  return { search, setSearch, ordering, setOrdering, page, setPage, size, setSize, params: { search: debounced, ordering, page, size } };
}

export type TableState = ReturnType<typeof useTableState>;
