import { PERMISSIONS as P } from '@platform/contracts';

import { buttons, type MenuSeed } from './builders';

/** Process models (the BPM designer). */
export const BPM_MENU: MenuSeed = {
  id: 20,
  zh: '流程模型',
  en: 'Process models',
  type: 'C',
  path: 'bpm/manager/model',
  component: 'bpm/manager/model/index',
  routeName: 'BpmModel',
  icon: 'flow',
  perms: P.bpm.model.list,
  children: buttons([
    [20001, '设计', 'Design', P.bpm.model.design],
    [20002, '修改', 'Edit', P.bpm.model.edit],
    [20003, '表单', 'Forms', P.bpm.form.edit],
  ]),
};
