import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListView, writeListView, type ListView, type ListViewSchema } from '@portal/contracts';

export type SetListView<View> = (change: Partial<View>, options?: { replace?: boolean }) => void;

// A list's filters, sort and page, kept in the page's URL (issue 40, decision 060), so a copied link
// opens the same view, Back and Forward step through the views, and a reload keeps it. The view is
// read leniently (contracts' readListView: a bad or stale value is its default), and the URL is
// rewritten in place to the view it shows, so the address bar always names what is on screen.
// Changing a filter or the sort goes back to the first page; the page is changed on its own.
export function useListView<Schema extends ListViewSchema>(
  schema: Schema,
): [view: ListView<Schema>, setView: SetListView<ListView<Schema>>] {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readListView(schema, params), [schema, params]);
  const canonical = writeListView(schema, view).toString();

  useEffect(() => {
    if (canonical !== params.toString()) setParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, params, setParams]);

  const setView = useCallback<SetListView<ListView<Schema>>>(
    (change, options) =>
      setParams((previous) => {
        const current = readListView(schema, previous) as Record<string, unknown>;
        const next: Record<string, unknown> = { ...current, ...change };
        if ('page' in schema.shape && !('page' in change)) next.page = 1;
        return writeListView(schema, next as Partial<ListView<Schema>>);
      }, options),
    [schema, setParams],
  );

  return [view, setView];
}
