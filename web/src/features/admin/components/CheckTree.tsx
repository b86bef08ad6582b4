import { useLingui } from '@lingui/react';
import { Checkbox, Stack } from '@mantine/core';
import type { TreeNode } from '@platform/contracts';

function idsOf(node: TreeNode): number[] {
  return [node.id, ...(node.children ?? []).flatMap(idsOf)];
}

/**
 * A tree of checkboxes (menu grants, custom data-scope departments). Checking a node checks its
 * whole subtree and unchecking clears it, as the role screens of RuoYi do with "linked" checking.
 */
export function CheckTree({
  nodes,
  value,
  onChange,
  testId,
}: {
  nodes: TreeNode[];
  value: number[];
  onChange: (ids: number[]) => void;
  testId: string;
}) {
  const { i18n } = useLingui();
  const checked = new Set(value);
  const toggle = (node: TreeNode, on: boolean) => {
    const next = new Set(checked);
    for (const id of idsOf(node)) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange([...next]);
  };
  const render = (list: TreeNode[], depth: number) =>
    list.map((node) => (
      <Stack key={node.id} gap={4} pl={depth * 18}>
        <Checkbox
          size="xs"
          label={i18n.locale === 'en' ? (node.labelEn ?? node.label) : node.label}
          checked={checked.has(node.id)}
          onChange={(e) => toggle(node, e.currentTarget.checked)}
          data-testid={`${testId}-${node.id}`}
        />
        {node.children ? render(node.children, depth + 1) : null}
      </Stack>
    ));
  return (
    <Stack gap={4} mah={320} style={{ overflow: 'auto' }} data-testid={testId}>
      {render(nodes, 0)}
    </Stack>
  );
}
