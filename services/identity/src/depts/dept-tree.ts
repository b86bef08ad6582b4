import type { TreeNode } from '@platform/contracts';

interface DeptLike {
  dept_id: number;
  parent_id: number;
  dept_name: string;
  dept_name_en: string;
}

/**
 * Nests departments under their parents. A department whose parent is not in the list (outside the
 * caller's scope) becomes a root, so a scoped caller still sees a tree of what they may see.
 */
export function buildTree(rows: DeptLike[]): TreeNode[] {
  const nodes = new Map<number, TreeNode>();
  for (const r of rows) {
    nodes.set(Number(r.dept_id), {
      id: Number(r.dept_id),
      label: r.dept_name,
      labelEn: r.dept_name_en || r.dept_name,
    });
  }
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(Number(r.dept_id))!;
    const parent = nodes.get(Number(r.parent_id));
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
