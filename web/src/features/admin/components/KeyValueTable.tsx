import { Table } from '@mantine/core';

/** A plain key/value table (cache and server monitors). */
export function KeyValueTable({ rows }: { rows: [string, string][] }) {
  return (
    <Table withTableBorder striped>
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Td fw={600}>{key}</Table.Td>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
