import { useCallback, useEffect, useMemo, useRef } from 'react';
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
  // The URL last asked for: the router commits a navigation a little later (in a transition), and a
  // second change made meanwhile (a sort clicked right after a filter) builds on the first.
  const latest = useRef(params);

  useEffect(() => {
    latest.current = params;
    if (canonical !== params.toString()) setParams(new URLSearchParams(canonical), { replace: true });
  }, [canonical, params, setParams]);

  const setView = useCallback<SetListView<ListView<Schema>>>(
    (change, options) => {
      const next: Record<string, unknown> = { ...readListView(schema, latest.current), ...change };
      if ('page' in schema.shape && !('page' in change)) next.page = 1;
      const search = writeListView(schema, next as Partial<ListView<Schema>>);
      latest.current = search;
      setParams(search, options);
    },
    [schema, setParams],
  );

  return [view, setView];
}
