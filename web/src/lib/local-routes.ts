import { msg } from '@lingui/core/macro';
import { PERMISSIONS } from '@platform/contracts';

import type { Title } from './menu';

// Routes the app defines itself (spec §2 "Authenticated routes"): pages reached from buttons rather than
// from the server menu. Their component key is their path without the leading slash unless named.

export interface LocalRoute {
  path: string;
  title: Title;
  component: string;
  affix?: boolean;
  /** Any-of permissions; without one of them the route answers /401. */
  permissions?: readonly string[];
  /** Params that must be whole numbers; anything else answers /404. */
  numericParams?: readonly string[];
}

export const DASHBOARD_PATH = '/index';
export const LANDING_PATH = '/wujie/char/talk';

export const CONSTANT_ROUTES: LocalRoute[] = [
  { path: DASHBOARD_PATH, title: msg`Dashboard`, component: 'index', affix: true },
  { path: '/user/profile', title: msg`Personal centre`, component: 'user/profile' },
  { path: '/user/promotion', title: msg`Referral rewards`, component: 'user/promotion' },
  { path: '/user/info', title: msg`Edit user`, component: 'user/info' },
  {
    path: '/tree/dict/type/data/:dictId',
    title: msg`Tree dictionary data`,
    component: 'tree/dict/type/data',
  },
  {
    path: '/bpm/oa/leave/create',
    title: msg`Create leave request`,
    component: 'bpm/oa/leave/create',
  },
  {
    path: '/bpm/oa/leave/detail',
    title: msg`Leave request detail`,
    component: 'bpm/oa/leave/detail',
  },
  { path: '/bpm/manager/form/edit', title: msg`Design form`, component: 'bpm/manager/form/edit' },
  {
    path: '/bpm/manager/model/design',
    title: msg`Design process`,
    component: 'bpm/manager/model/design',
  },
  {
    path: '/bpm/manager/definition',
    title: msg`Process definitions`,
    component: 'bpm/manager/definition',
  },
  { path: '/bpm/manager/model', title: msg`Process models`, component: 'bpm/manager/model' },
  {
    path: '/bpm/process-instance/create',
    title: msg`Start process`,
    component: 'bpm/process-instance/create',
  },
  {
    path: '/bpm/process-instance/detail',
    title: msg`Process detail`,
    component: 'bpm/process-instance/detail',
  },
  { path: '/bpm/info', title: msg`Add workflow`, component: 'bpm/info' },
  { path: '/functions/info', title: msg`Add function`, component: 'functions/info' },
  { path: '/agent/info', title: msg`Add agent`, component: 'agent/info' },
  { path: '/company/create', title: msg`Create company`, component: 'company/create' },
  { path: '/company/info', title: msg`Company detail`, component: 'company/info' },
  { path: '/mission/info', title: msg`Mission detail`, component: 'mission/info' },
  { path: '/char/info', title: msg`Research assistant`, component: 'char/info' },
  {
    path: '/playground/info',
    title: msg`Playground`,
    component: 'playground/info',
    permissions: [PERMISSIONS.wujie.playground.use],
  },
  {
    path: '/playground/mission',
    title: msg`Playground mission`,
    component: 'playground/mission',
    permissions: [PERMISSIONS.wujie.playground.use, PERMISSIONS.wujie.playground.mission],
  },
];

/** The permission-gated routes of spec §2, added only for users holding the permission. */
export const DYNAMIC_ROUTES: LocalRoute[] = [
  {
    path: '/system/user-auth/role/:userId',
    title: msg`Assign roles`,
    component: 'system/user/authRole',
    permissions: [PERMISSIONS.system.user.edit],
    numericParams: ['userId'],
  },
  {
    path: '/system/role-auth/user/:roleId',
    title: msg`Assign users`,
    component: 'system/role/authUser',
    permissions: [PERMISSIONS.system.role.edit],
    numericParams: ['roleId'],
  },
  {
    path: '/system/dict-data/index/:dictId',
    title: msg`Dictionary data`,
    component: 'system/dict/data',
    permissions: [PERMISSIONS.system.dict.list],
    numericParams: ['dictId'],
  },
  {
    path: '/monitor/job-log/index/:jobId',
    title: msg`Job log`,
    component: 'monitor/job/log',
    permissions: [PERMISSIONS.monitor.job.list],
    numericParams: ['jobId'],
  },
  {
    path: '/tool/gen-edit/index/:tableId',
    title: msg`Edit generation config`,
    component: 'tool/gen/editTable',
    permissions: [PERMISSIONS.tool.gen.edit],
    numericParams: ['tableId'],
  },
];
