import { ADMIN_ROLE, ALL_PERMISSION } from './session';

// Permission and role checks of spec §6, shared by the gateway guard and the web app's helpers.
// `*:*:*` passes any permission check, role `admin` passes any role check; empty input gives false.

export type MatchMode = 'single' | 'any' | 'all';

function normalize(required: string | readonly string[]): string[] {
  return (typeof required === 'string' ? [required] : [...required]).filter((v) => v.length > 0);
}

export function hasPermission(held: readonly string[] | undefined, required: string): boolean {
  if (!held || !required) return false;
  return held.includes(ALL_PERMISSION) || held.includes(required);
}

export function hasAnyPermission(
  held: readonly string[] | undefined,
  required: readonly string[],
): boolean {
  const wanted = normalize(required);
  return wanted.length > 0 && wanted.some((p) => hasPermission(held, p));
}

export function hasAllPermissions(
  held: readonly string[] | undefined,
  required: readonly string[],
): boolean {
  const wanted = normalize(required);
  return wanted.length > 0 && wanted.every((p) => hasPermission(held, p));
}

export function hasRole(held: readonly string[] | undefined, required: string): boolean {
  if (!held || !required) return false;
  return held.includes(ADMIN_ROLE) || held.includes(required);
}

export function hasAnyRole(
  held: readonly string[] | undefined,
  required: readonly string[],
): boolean {
  const wanted = normalize(required);
  return wanted.length > 0 && wanted.some((r) => hasRole(held, r));
}

export function hasAllRoles(
  held: readonly string[] | undefined,
  required: readonly string[],
): boolean {
  const wanted = normalize(required);
  return wanted.length > 0 && wanted.every((r) => hasRole(held, r));
}

/** The permission strings of the platform, one definition for the server guards, the menu seed and the web. */
export const PERMISSIONS = {
  /** The platform's figures on the dashboard and the bigscreen (others see only their own). */
  dashboard: { platform: 'dashboard:platform:view' },
  system: {
    user: {
      list: 'system:user:list',
      query: 'system:user:query',
      add: 'system:user:add',
      edit: 'system:user:edit',
      remove: 'system:user:remove',
      export: 'system:user:export',
      import: 'system:user:import',
      resetPwd: 'system:user:resetPwd',
    },
    role: {
      list: 'system:role:list',
      query: 'system:role:query',
      add: 'system:role:add',
      edit: 'system:role:edit',
      remove: 'system:role:remove',
      export: 'system:role:export',
    },
    menu: {
      list: 'system:menu:list',
      query: 'system:menu:query',
      add: 'system:menu:add',
      edit: 'system:menu:edit',
      remove: 'system:menu:remove',
    },
    dept: {
      list: 'system:dept:list',
      query: 'system:dept:query',
      add: 'system:dept:add',
      edit: 'system:dept:edit',
      remove: 'system:dept:remove',
    },
    post: {
      list: 'system:post:list',
      query: 'system:post:query',
      add: 'system:post:add',
      edit: 'system:post:edit',
      remove: 'system:post:remove',
      export: 'system:post:export',
    },
    dict: {
      list: 'system:dict:list',
      query: 'system:dict:query',
      add: 'system:dict:add',
      edit: 'system:dict:edit',
      remove: 'system:dict:remove',
      export: 'system:dict:export',
    },
    config: {
      list: 'system:config:list',
      query: 'system:config:query',
      add: 'system:config:add',
      edit: 'system:config:edit',
      remove: 'system:config:remove',
      export: 'system:config:export',
    },
    notice: {
      list: 'system:notice:list',
      query: 'system:notice:query',
      add: 'system:notice:add',
      edit: 'system:notice:edit',
      remove: 'system:notice:remove',
    },
    treeDict: {
      list: 'system:treedict:list',
      add: 'system:treedict:add',
      edit: 'system:treedict:edit',
      remove: 'system:treedict:remove',
    },
  },
  monitor: {
    online: { list: 'monitor:online:list', forceLogout: 'monitor:online:forceLogout' },
    job: {
      list: 'monitor:job:list',
      query: 'monitor:job:query',
      add: 'monitor:job:add',
      edit: 'monitor:job:edit',
      remove: 'monitor:job:remove',
      changeStatus: 'monitor:job:changeStatus',
      export: 'monitor:job:export',
      /** Creating or changing a job (what runs, with which parameters, how often): the seed gives it to nobody but the administrator. */
      manage: 'monitor:job:manage',
    },
    operlog: {
      list: 'monitor:operlog:list',
      query: 'monitor:operlog:query',
      remove: 'monitor:operlog:remove',
      export: 'monitor:operlog:export',
    },
    logininfor: {
      list: 'monitor:logininfor:list',
      query: 'monitor:logininfor:query',
      remove: 'monitor:logininfor:remove',
      export: 'monitor:logininfor:export',
      unlock: 'monitor:logininfor:unlock',
    },
    cache: { list: 'monitor:cache:list' },
    server: { list: 'monitor:server:list' },
  },
  tool: {
    gen: {
      list: 'tool:gen:list',
      query: 'tool:gen:query',
      edit: 'tool:gen:edit',
      import: 'tool:gen:import',
      remove: 'tool:gen:remove',
      preview: 'tool:gen:preview',
      code: 'tool:gen:code',
    },
    build: { list: 'tool:build:list' },
    swagger: { list: 'tool:swagger:list' },
  },
  wujie: {
    user: { list: 'wujie:user:list', edit: 'wujie:user:edit', points: 'wujie:user:points' },
    company: {
      list: 'wujie:company:list',
      query: 'wujie:company:query',
      add: 'wujie:company:add',
      edit: 'wujie:company:edit',
      remove: 'wujie:company:remove',
    },
    workflow: {
      list: 'wujie:workflow:list',
      query: 'wujie:workflow:query',
      add: 'wujie:workflow:add',
      edit: 'wujie:workflow:edit',
      remove: 'wujie:workflow:remove',
    },
    agent: {
      list: 'wujie:agent:list',
      query: 'wujie:agent:query',
      add: 'wujie:agent:add',
      edit: 'wujie:agent:edit',
      remove: 'wujie:agent:remove',
    },
    skill: {
      list: 'wujie:skill:list',
      add: 'wujie:skill:add',
      edit: 'wujie:skill:edit',
      remove: 'wujie:skill:remove',
    },
    functions: {
      list: 'wujie:functions:list',
      query: 'wujie:functions:query',
      add: 'wujie:functions:add',
      edit: 'wujie:functions:edit',
      remove: 'wujie:functions:remove',
      run: 'wujie:functions:run',
    },
    mission: {
      list: 'wujie:mission:list',
      query: 'wujie:mission:query',
      /** Starting a mission on a workflow (a plain user: online workflows; an administrator also in testing). */
      add: 'wujie:mission:add',
      stop: 'wujie:mission:stop',
      rerun: 'wujie:mission:rerun',
      review: 'wujie:mission:review',
      remove: 'wujie:mission:remove',
    },
    missionLog: { list: 'wujie:missionlog:list' },
    chat: {
      use: 'wujie:chat:use',
      /** The conversation history page: one's own conversations. */
      history: 'wujie:chat:history',
      /** Reading every user's conversations there (read only): an auditor's or support's button. */
      everyone: 'wujie:chat:everyone',
    },
    playground: { use: 'wujie:playground:use', mission: 'wujie:playground:mission' },
    richText: {
      list: 'wujie:richtext:list',
      add: 'wujie:richtext:add',
      edit: 'wujie:richtext:edit',
      remove: 'wujie:richtext:remove',
    },
    recharge: {
      list: 'wujie:recharge:list',
      pay: 'wujie:recharge:pay',
      refund: 'wujie:recharge:refund',
      verify: 'wujie:recharge:verify',
    },
    /** Reading one's own messages (every user); sending to a user, a role or everyone (administrators). */
    message: { list: 'wujie:message:list', send: 'wujie:message:send' },
    promotion: { view: 'wujie:promotion:view' },
    /** One's own points account and ledger (every user); another user's needs wujie:user:points. */
    points: { query: 'wujie:points:query' },
    antibody: { use: 'wujie:antibody:use' },
    /** Real-name authentication: a user certifies themself; administrators review requests without Alipay. */
    realName: {
      certify: 'wujie:realname:certify',
      list: 'wujie:realname:list',
      review: 'wujie:realname:review',
    },
  },
  bpm: {
    model: {
      list: 'bpm:model:list',
      design: 'bpm:model:design',
      edit: 'bpm:model:edit',
    },
    form: { edit: 'bpm:form:edit' },
  },
  engine: {
    ops: {
      /** Operaton's Cockpit through the gateway, read only; the seed gives it to nobody but the administrator. */
      view: 'engine:ops:view',
      /**
       * With view: repairing instances in Cockpit (retries, suspension, modification, cancellation,
       * variables), never deployments; granted to the administrator role only.
       */
      admin: 'engine:ops:admin',
    },
  },
} as const;

function leavesOf(tree: object): string[] {
  return Object.values(tree).flatMap((value: unknown) =>
    typeof value === 'string' ? [value] : leavesOf(value as object),
  );
}

/**
 * Every permission string of the platform. A menu's permission list may hold only these: a wildcard or
 * an invented string would grant what no screen defines (`*:*:*` belongs to the administrator role alone).
 */
export const PERMISSION_CATALOGUE: ReadonlySet<string> = new Set(leavesOf(PERMISSIONS));

/** The permission strings of a menu's comma-separated `perms` column, trimmed, without empties. */
export function permissionsOf(perms: string | null | undefined): string[] {
  return (perms ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** A menu's permission list names only catalogued permissions (an empty list is allowed). */
export function isCataloguedPermissionList(perms: string | null | undefined): boolean {
  return permissionsOf(perms).every((p) => PERMISSION_CATALOGUE.has(p));
}

/**
 * Who asks, as the access rules take them (seesEveryMission, actsOnMission, seesEveryConversation):
 * the session's user, its administrator flag and its permissions.
 */
export interface Actor {
  userId: number;
  admin: boolean;
  permissions: readonly string[];
}
