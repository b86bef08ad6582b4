import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

/** A table's header row. */
export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, k) => (
          <Table.Th key={k}>{column}</Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}
