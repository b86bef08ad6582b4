import { DonutChart } from '@mantine/charts';

export interface Slice {
  name: string;
  value: number;
  color: string;
}

/**
 * Each slice of a donut names itself as an image: "name: count", what a sighted user reads from the label
 * beside it (axe's svg-img-alt). recharts 3 no longer gives its sector paths `role="img"`, so the role is
 * set here with the name; a path without a role may not carry aria-label (aria-prohibited-attr).
 */
const sliceLabel = (slice: Slice) => ({
  role: 'img',
  'aria-label': `${slice.name}: ${slice.value}`,
});

/** The dashboard's donut: counts by status or workflow, labelled, without label lines. */
export function Slices({ data, height, size }: { data: Slice[]; height: number; size: number }) {
  return (
    <DonutChart
      h={height}
      size={size}
      withLabels
      withLabelsLine={false}
      cellProps={sliceLabel}
      data={data}
    />
  );
}
