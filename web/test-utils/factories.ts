import type { RouteItem } from '@platform/contracts';

import type { SessionState } from '../src/lib/auth';

/** A menu tree shaped like getRouters' answer: a system area, the chat area and the dashboard. */
export function menuTree(): RouteItem[] {
  return [
    {
      name: 'Index',
      path: '/index',
      component: 'index',
      hidden: false,
      meta: { title: 'Dashboard', icon: 'dashboard', affix: true },
    },
    {
      name: 'System',
      path: '/system',
      component: 'Layout',
      hidden: false,
      alwaysShow: true,
      meta: { title: 'System management', icon: 'system' },
      children: [
        {
          name: 'User',
          path: 'user',
          component: 'system/user/index',
          hidden: false,
          meta: { title: 'User management', icon: 'user' },
        },
        {
          name: 'Log',
          path: 'log',
          component: 'ParentView',
          hidden: false,
          meta: { title: 'Log management', icon: 'log' },
          children: [
            {
              name: 'Operlog',
              path: 'operlog',
              component: 'monitor/operlog/index',
              hidden: false,
              meta: { title: 'Operation log' },
            },
          ],
        },
        {
          name: 'Hidden',
          path: 'secret',
          component: 'system/secret/index',
          hidden: true,
          meta: { title: 'Secret page' },
        },
      ],
    },
    {
      path: '/wujie',
      component: 'Layout',
      hidden: false,
      children: [
        {
          name: 'Talk',
          path: 'char/talk',
          component: 'wujie/char/talk',
          hidden: false,
          meta: { title: 'Chat assistant', icon: 'chat' },
        },
        {
          name: 'PlaygroundTalk',
          path: 'playground/talk',
          component: 'wujie/playground/talk',
          hidden: false,
          meta: { title: 'Talk playground' },
        },
      ],
    },
    {
      path: 'https://docs.example.org',
      component: 'Layout',
      hidden: false,
      meta: { title: 'Docs', icon: 'link' },
    },
  ];
}

export function session(patch: Partial<SessionState> = {}): SessionState {
  return { user: null, roles: ['common'], permissions: [], routes: menuTree(), ...patch };
}
