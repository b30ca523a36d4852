import type { ReactNode } from 'react';
import { Button, Group, Paper, Stack, Table, Text, Title, type TableProps } from '@mantine/core';
import { IconPlus } from './icons';
import { ListPagination, TableStatusRows } from './paged-table';

export interface AdminListPageProps {
  title: string;
  /** The line under the title (how many there are); blank while the first page loads. */
  summary: string | null;
  addLabel: string;
  onAdd(): void;
  /** The header row's cells. */
  head: ReactNode;
  columns: number;
  /** The body rows of the page shown (TableStatusRows comes first, for loading and errors). */
  rows: ReactNode;
  isPending: boolean;
  error: Error | null;
  /** True while a new page loads with the previous one still shown. */
  isPlaceholderData: boolean;
  table?: Pick<TableProps, 'className' | 'layout' | 'striped'>;
  page: number;
  totalPages: number;
  onPage(page: number): void;
  /** The page's dialogs (add, edit, delete). */
  children?: ReactNode;
}

/** An administration list (users, demo users): title and Add button, a paged table, its dialogs. */
export function AdminListPage(p: AdminListPageProps) {
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{p.title}</Title>
          <Text c="dimmed" mt={4}>
            {p.summary ?? ' '}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={p.onAdd}>
          {p.addLabel}
        </Button>
      </Group>

      <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
        <Table verticalSpacing="md" horizontalSpacing="md" highlightOnHover {...p.table} aria-busy={p.isPending || p.isPlaceholderData}>
          <Table.Thead bg="var(--mantine-color-default-hover)">
            <Table.Tr>{p.head}</Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <TableStatusRows columns={p.columns} isPending={p.isPending} error={p.error} />
            {p.rows}
          </Table.Tbody>
        </Table>
      </Paper>

      <Group justify="flex-end">
        <ListPagination page={p.page} totalPages={p.totalPages} onChange={p.onPage} />
      </Group>

      {p.children}
    </Stack>
  );
}
