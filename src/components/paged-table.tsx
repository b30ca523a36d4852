import { useEffect } from 'react';
import { Pagination, Skeleton, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from '../../core/decisions';
import { msg, useT } from '../i18n';
import { errorMessage } from '../lib/notify';

type Page = { data: unknown[]; count: number };

/**
 * One page of an administrator's list (users, demo users, tasks), the page kept in the address:
 * the next page is fetched ahead so paging feels instant, and a page past the end (after
 * deletions) falls back to the last one.
 */
export function usePagedList<T extends Page, K extends QueryKey>(
  pageQuery: (page: number) => UseQueryOptions<T, Error, T, K>,
  page: number,
  goToPage: (page: number, replace?: boolean) => void,
) {
  const queryClient = useQueryClient();
  const query = useQuery(pageQuery(page));
  const { data, isPlaceholderData } = query;
  const totalPages = data ? Math.max(1, Math.ceil(data.count / ADMIN_PAGE_SIZE)) : 1;

  useEffect(() => {
    if (data && page < totalPages) void queryClient.prefetchQuery(pageQuery(page + 1));
  }, [data, page, totalPages, queryClient, pageQuery]);

  useEffect(() => {
    if (data && !isPlaceholderData && data.data.length === 0 && page > 1) goToPage(totalPages, true);
  }, [data, isPlaceholderData, page, totalPages, goToPage]);

  return { ...query, totalPages };
}

/** The rows a table shows while its page loads (skeletons) or when it failed (the reason). */
export function TableStatusRows({ columns, isPending, error }: { columns: number; isPending: boolean; error: Error | null }) {
  // The error is translated while drawn: drawn again when the language changes.
  useT();
  if (isPending) {
    return Array.from({ length: ADMIN_PAGE_SIZE }, (_, i) => (
      <Table.Tr key={i}>
        {Array.from({ length: columns }, (_, j) => (
          <Table.Td key={j}>
            <Skeleton h={16} />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  }
  if (!error) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="red" ta="center" py="lg">
          {errorMessage(error)}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

const CONTROL_LABELS = { first: msg('First page'), previous: msg('Previous page'), next: msg('Next page'), last: msg('Last page') } as const;

/** Page numbers with names a screen reader can say. */
export function ListPagination({ page, totalPages, onChange }: { page: number; totalPages: number; onChange(page: number): void }) {
  const t = useT();
  return (
    <Pagination
      total={totalPages}
      value={Math.min(page, totalPages)}
      onChange={onChange}
      aria-label={t('Pages')}
      getItemProps={(p) => ({ 'aria-label': t('Page {{p}}', { p }) })}
      getControlProps={(control) => ({ 'aria-label': t(CONTROL_LABELS[control]) })}
    />
  );
}
