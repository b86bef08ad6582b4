import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  type DeptView,
  type NamedView,
  type PostView,
  type RoleView,
  TASK_ASSIGN_SCRIPTS,
  type TaskAssignScript,
  type TaskAssignType,
} from '@platform/contracts';

// Task assignment rules of a model's user tasks (spec §2): who may take a task, in one of 7
// dimensions. Roles, departments, posts and users come from the identity API as the admin pages read
// them; work groups from the workflow service; scripts are a fixed list. Pure, so it is unit-tested.

export const ASSIGN_TYPE_LABELS: Record<TaskAssignType, MessageDescriptor> = {
  role: msg`Role`,
  deptLeader: msg`Department head`,
  deptMember: msg`Department members`,
  post: msg`Post`,
  user: msg`User`,
  userGroup: msg`Work group`,
  script: msg`Custom script`,
};

export const SCRIPT_LABELS: Record<TaskAssignScript, MessageDescriptor> = {
  starter: msg`Process starter`,
  starterDeptLeader: msg`Head of the starter's department`,
  starterDeptLeader2: msg`Head of the starter's parent department`,
};

export interface AssignSources {
  roles: RoleView[];
  depts: DeptView[];
  posts: PostView[];
  users: { userId: number; userName: string; nickName: string }[];
  groups: NamedView[];
}

export interface Option {
  value: string;
  label: string;
}

type Translate = (descriptor: MessageDescriptor) => string;

const inLanguage = (lang: string, zh: string, en: string | null | undefined) =>
  lang === 'en' && en ? en : zh;

/** The values one may choose for a dimension, labelled in the language. */
export function assignOptions(
  type: TaskAssignType,
  sources: AssignSources,
  lang: string,
  translate: Translate,
): Option[] {
  switch (type) {
    case 'role':
      return sources.roles.map((r) => ({
        value: String(r.roleId),
        label: inLanguage(lang, r.roleName, r.roleNameEn),
      }));
    case 'deptLeader':
    case 'deptMember':
      return sources.depts.map((d) => ({
        value: String(d.deptId),
        label: inLanguage(lang, d.deptName, d.deptNameEn),
      }));
    case 'post':
      return sources.posts.map((p) => ({
        value: String(p.postId),
        label: inLanguage(lang, p.postName, p.postNameEn),
      }));
    case 'user':
      return userOptions(sources.users);
    case 'userGroup':
      return sources.groups.map((g) => ({ value: String(g.id), label: g.name }));
    case 'script':
      return TASK_ASSIGN_SCRIPTS.map((s) => ({ value: s, label: translate(SCRIPT_LABELS[s]) }));
  }
}

/** Chosen values as the API takes them: script names as text, everything else as numeric ids. */
export function optionValues(type: TaskAssignType, chosen: readonly string[]): (number | string)[] {
  return type === 'script' ? [...chosen] : chosen.map(Number);
}

/** A rule's values as labels; ids that no longer exist show as `#id`. */
export function optionLabels(
  type: TaskAssignType,
  values: readonly (number | string)[],
  sources: AssignSources,
  lang: string,
  translate: Translate,
): string[] {
  const options = assignOptions(type, sources, lang, translate);
  return values.map(
    (value) => options.find((o) => o.value === String(value))?.label ?? `#${String(value)}`,
  );
}

/** Users to choose from: "nick name (user name)", or the user name alone. */
export function userOptions(users: AssignSources['users']): Option[] {
  return users.map((u) => ({
    value: String(u.userId),
    label: u.nickName ? `${u.nickName} (${u.userName})` : u.userName,
  }));
}
