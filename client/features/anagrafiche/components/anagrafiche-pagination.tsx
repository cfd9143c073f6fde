import Pagination from 'react-bootstrap/Pagination';

/** The pages around the current one, with the first and the last always reachable. */
export function pageNumbers(current: number, count: number): (number | 'gap')[] {
  const wanted = new Set([1, count, current - 1, current, current + 1].filter((n) => n >= 1 && n <= count));
  const sorted = [...wanted].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) result.push('gap');
    result.push(n);
  });
  return result;
}

interface Props {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function AnagrafichePagination({ page, pageCount, onPage }: Props) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagine">
      <Pagination className="mb-0 flex-wrap">
        <Pagination.Prev disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label="Pagina precedente" />
        {pageNumbers(page, pageCount).map((n, i) =>
          n === 'gap' ? (
            <Pagination.Ellipsis key={`gap-${i}`} disabled />
          ) : (
            <Pagination.Item
              key={n}
              active={n === page}
              onClick={() => onPage(n)}
              aria-label={`Pagina ${n}`}
              aria-current={n === page ? 'page' : undefined}
            >
              {n}
            </Pagination.Item>
          ),
        )}
        <Pagination.Next disabled={page >= pageCount} onClick={() => onPage(page + 1)} aria-label="Pagina successiva" />
      </Pagination>
    </nav>
  );
}
