import { Trans } from '@lingui/react/macro';
import { Table, UnstyledButton } from '@mantine/core';
import type { CdrName, DesignResult } from '@platform/antibody';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

import { percent, REGIONS } from '../labels';
import {
  DEFAULT_VARIANT_SORT,
  nextSort,
  sortVariants,
  type VariantSort,
  type VariantSortKey,
} from '../library-sort';
import { Highlighted } from './Highlighted';

const CDRS: CdrName[] = ['cdr1', 'cdr2', 'cdr3'];

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: ReactNode;
  column: VariantSortKey;
  sort: VariantSort;
  onSort: (key: VariantSortKey) => void;
}) {
  const active = sort.key === column;
  const Icon = !active ? IconSelector : sort.descending ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(column)}
        data-testid={`sort-${column}`}
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontWeight: 700 }}
      >
        {label}
        <Icon size={14} />
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * A designed library's first `shown` variants, CDR changes marked against the parent: the toolkit's
 * library tab and a mission's results show the same table. `sortable` lets the reader order it by any
 * figure; without it the rows keep the library's rank order.
 */
export function VariantTable({
  result,
  shown,
  testId,
  sortable = false,
}: {
  result: DesignResult;
  shown: number;
  testId: string;
  sortable?: boolean;
}) {
  const [sort, setSort] = useState<VariantSort>(DEFAULT_VARIANT_SORT);
  const onSort = (key: VariantSortKey) => setSort((current) => nextSort(current, key));
  const rows = (sortable ? sortVariants(result.variants, sort) : result.variants).slice(0, shown);
  const header = (label: ReactNode, column: VariantSortKey) =>
    sortable ? (
      <SortHeader label={label} column={column} sort={sort} onSort={onSort} />
    ) : (
      <Table.Th>{label}</Table.Th>
    );
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped withTableBorder fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {header('#', 'rank')}
            {CDRS.map((c) => (
              <Table.Th key={c}>{REGIONS[c]}</Table.Th>
            ))}
            {header(<Trans>Substitutions (IMGT)</Trans>, 'substitutions')}
            {header(<Trans>Length change</Trans>, 'lengthChange')}
            {header('BLOSUM62', 'blosum62')}
            {header(<Trans>Added risk sites</Trans>, 'addedLiabilities')}
            {header(<Trans>Human identity</Trans>, 'humanIdentity')}
            {header(<Trans>Score</Trans>, 'score')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((v) => (
            <Table.Tr key={v.rank} data-rank={v.rank}>
              <Table.Td>{v.rank}</Table.Td>
              {CDRS.map((c) => (
                <Table.Td key={c}>
                  <Highlighted sequence={v.cdrs[c]} reference={result.parent.cdrs[c]} />
                </Table.Td>
              ))}
              <Table.Td ff="monospace">
                {v.substitutions.map((s) => `${s.from}${s.imgt}${s.to}`).join(' ')}
              </Table.Td>
              <Table.Td>{v.lengthChange}</Table.Td>
              <Table.Td>{v.blosum62}</Table.Td>
              <Table.Td>{v.addedLiabilities.join(', ') || '–'}</Table.Td>
              <Table.Td>{percent(v.humanIdentity)}</Table.Td>
              <Table.Td>{v.score}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
