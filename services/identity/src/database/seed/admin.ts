/** Seed rows of the administration console (posts, demonstration jobs, a tree dictionary). */

export const POST_SEED: [code: string, zh: string, en: string, sort: number][] = [
  ['ceo', '董事长', 'Chairman', 1],
  ['se', '项目经理', 'Project manager', 2],
  ['hr', '人力资源', 'Human resources', 3],
  ['user', '普通员工', 'Staff', 4],
];

/** Paused on a fresh database; an administrator turns them on. Handlers come from the job registry. */
export const JOB_SEED = [
  {
    name: '清理登录日志',
    group: 'SYSTEM',
    handler: 'log.cleanLoginLog',
    params: '90',
    cron: '0 3 * * *',
    remark: 'Deletes login-log rows older than N days (parameter: N)',
  },
  {
    name: '清理操作日志',
    group: 'SYSTEM',
    handler: 'log.cleanOperLog',
    params: '180',
    cron: '30 3 * * *',
    remark: 'Deletes operation-log rows older than N days (parameter: N)',
  },
  {
    name: '刷新字典缓存',
    group: 'DEFAULT',
    handler: 'cache.refreshDicts',
    params: '',
    cron: '0 * * * *',
    remark: 'Reloads every dictionary into the cache',
  },
];

/** A tree dictionary: antibody target categories. Entry: [value, zh, en, parent value]. */
export const TREE_DICT_SEED = {
  type: 'antibody_target_category',
  zh: '抗体靶点分类',
  en: 'Antibody target categories',
  entries: [
    ['oncology', '肿瘤', 'Oncology', ''],
    ['checkpoint', '免疫检查点', 'Immune checkpoints', 'oncology'],
    ['pd1', 'PD-1', 'PD-1', 'checkpoint'],
    ['her2', 'HER2', 'HER2', 'oncology'],
    ['infectious', '感染性疾病', 'Infectious diseases', ''],
    ['sars2', '新冠病毒刺突蛋白', 'SARS-CoV-2 spike', 'infectious'],
  ] as [value: string, zh: string, en: string, parent: string][],
};
