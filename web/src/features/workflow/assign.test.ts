import type { MessageDescriptor } from '@lingui/core';
import { TASK_ASSIGN_TYPES } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import {
  ASSIGN_TYPE_LABELS,
  assignOptions,
  type AssignSources,
  optionLabels,
  optionValues,
} from './assign';

const sources = {
  roles: [{ roleId: 2, roleName: '普通角色', roleNameEn: 'Common' }],
  depts: [{ deptId: 100, deptName: '研发部', deptNameEn: '' }],
  posts: [{ postId: 4, postName: '普通员工', postNameEn: 'Staff' }],
  users: [{ userId: 1, userName: 'admin', nickName: '管理员' }],
  groups: [{ id: 7, name: '评审组' }],
} as unknown as AssignSources;
const translate = (d: MessageDescriptor) => String(d.message ?? d.id);

describe('task assignment options', () => {
  it('should name all 7 dimensions', () => {
    expect(Object.keys(ASSIGN_TYPE_LABELS).sort()).toEqual([...TASK_ASSIGN_TYPES].sort());
  });

  it('should offer the values of each dimension in the language, falling back to Chinese', () => {
    expect(assignOptions('role', sources, 'en', translate)).toEqual([
      { value: '2', label: 'Common' },
    ]);
    expect(assignOptions('deptLeader', sources, 'en', translate)).toEqual([
      { value: '100', label: '研发部' },
    ]);
    expect(assignOptions('deptMember', sources, 'zh', translate)[0]?.value).toBe('100');
    expect(assignOptions('post', sources, 'zh', translate)).toEqual([
      { value: '4', label: '普通员工' },
    ]);
    expect(assignOptions('user', sources, 'zh', translate)).toEqual([
      { value: '1', label: '管理员 (admin)' },
    ]);
    expect(assignOptions('userGroup', sources, 'zh', translate)).toEqual([
      { value: '7', label: '评审组' },
    ]);
    expect(assignOptions('script', sources, 'en', translate).map((o) => o.value)).toEqual([
      'starter',
      'starterDeptLeader',
      'starterDeptLeader2',
    ]);
  });

  it('should send ids as numbers and script names as text', () => {
    expect(optionValues('role', ['2', '3'])).toEqual([2, 3]);
    expect(optionValues('script', ['starter'])).toEqual(['starter']);
  });

  it('should label stored values and show ids that are gone', () => {
    expect(optionLabels('post', [4, 99], sources, 'en', translate)).toEqual(['Staff', '#99']);
  });
});
