import { PERMISSIONS as P } from '@platform/contracts';

import { buttons, type MenuSeed } from './builders';

/** System tools: form builder, code generator, API docs. */
export const TOOL_MENU: MenuSeed = {
  id: 300,
  zh: '系统工具',
  en: 'System tools',
  type: 'M',
  path: 'tool',
  icon: 'tool',
  routeName: 'Tool',
  children: [
    {
      id: 301,
      zh: '表单构建',
      en: 'Form builder',
      type: 'C',
      path: 'build',
      component: 'tool/build/index',
      routeName: 'Build',
      icon: 'build',
      perms: P.tool.build.list,
    },
    {
      id: 302,
      zh: '代码生成',
      en: 'Code generation',
      type: 'C',
      path: 'gen',
      component: 'tool/gen/index',
      routeName: 'Gen',
      icon: 'code',
      perms: P.tool.gen.list,
      children: buttons([[302001, '修改', 'Edit', P.tool.gen.edit]]),
    },
    {
      id: 303,
      zh: '系统接口',
      en: 'API documentation',
      type: 'C',
      path: 'swagger',
      component: 'tool/swagger/index',
      routeName: 'Swagger',
      icon: 'swagger',
      perms: P.tool.swagger.list,
    },
  ],
};
