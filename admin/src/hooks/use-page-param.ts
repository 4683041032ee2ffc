import { useSearchParams } from 'react-router-dom';

/**
 * The list's page, kept in the URL (`?page=3`, absent on the first) so that a reload, the back
 * button or a shared link shows the same page; changing it keeps the URL's other parameters.
 */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(searchParams.get('page'))) || 1);
  const setPage = (next: number) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next > 1) params.set('page', String(next));
        else params.delete('page');
        return params;
      },
      { preventScrollReset: true },
    );
  return [page, setPage];
}
