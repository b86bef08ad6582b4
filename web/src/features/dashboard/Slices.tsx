import { DonutChart } from '@mantine/charts';

export interface Slice {
  name: string;
  value: number;
  color: string;
}

/**
 * Each slice of a donut names itself: recharts draws slices as `<path role="img">`, which need a text
 * alternative (axe's svg-img-alt); "name: count" is what a sighted user reads from the label beside it.
 */
const sliceLabel = (slice: Slice) => ({ 'aria-label': `${slice.name}: ${slice.value}` });

/**
 * The dashboard's donut: counts by status or workflow, labelled. No label lines: recharts hands a
 * slice's props to its line too, and a plain path may not carry aria-label (aria-prohibited-attr).
 */
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
