/**
 * Dictionary types and their entries, each label in zh and en (bilingual data, not only UI).
 * Entry: [value, zh, en, listClass]. listClass is the tag colour hint (primary, success, info, warning, danger).
 */
export interface DictSeed {
  type: string;
  zh: string;
  en: string;
  entries: [value: string, zh: string, en: string, listClass?: string][];
}

export const DICT_SEED: DictSeed[] = [
  {
    type: 'sys_user_sex',
    zh: '用户性别',
    en: 'User gender',
    entries: [
      ['0', '男', 'Male'],
      ['1', '女', 'Female'],
      ['2', '未知', 'Unknown'],
    ],
  },
  {
    type: 'sys_show_hide',
    zh: '菜单状态',
    en: 'Menu visibility',
    entries: [
      ['0', '显示', 'Shown', 'primary'],
      ['1', '隐藏', 'Hidden', 'danger'],
    ],
  },
  {
    type: 'sys_normal_disable',
    zh: '系统开关',
    en: 'Enabled status',
    entries: [
      ['0', '正常', 'Normal', 'primary'],
      ['1', '停用', 'Disabled', 'danger'],
    ],
  },
  {
    type: 'sys_yes_no',
    zh: '系统是否',
    en: 'Yes or no',
    entries: [
      ['Y', '是', 'Yes', 'primary'],
      ['N', '否', 'No', 'danger'],
    ],
  },
  {
    type: 'sys_common_status',
    zh: '系统状态',
    en: 'Outcome',
    entries: [
      ['0', '成功', 'Success', 'primary'],
      ['1', '失败', 'Failure', 'danger'],
    ],
  },
  {
    type: 'sys_notice_type',
    zh: '通知类型',
    en: 'Notice type',
    entries: [
      ['1', '通知', 'Notification', 'warning'],
      ['2', '公告', 'Announcement', 'success'],
    ],
  },
  {
    type: 'sys_notice_status',
    zh: '通知状态',
    en: 'Notice status',
    entries: [
      ['0', '正常', 'Normal', 'primary'],
      ['1', '关闭', 'Closed', 'danger'],
    ],
  },
  {
    type: 'sys_oper_type',
    zh: '操作类型',
    en: 'Operation type',
    entries: [
      ['1', '新增', 'Create', 'info'],
      ['2', '修改', 'Update', 'info'],
      ['3', '删除', 'Delete', 'danger'],
      ['4', '授权', 'Grant', 'primary'],
      ['5', '导出', 'Export', 'warning'],
      ['6', '导入', 'Import', 'warning'],
      ['7', '强退', 'Force logout', 'danger'],
      ['8', '生成代码', 'Generate code', 'warning'],
      ['9', '清空数据', 'Clean', 'danger'],
      ['0', '其他', 'Other', 'info'],
    ],
  },
  {
    type: 'sys_job_status',
    zh: '任务状态',
    en: 'Job status',
    entries: [
      ['0', '正常', 'Normal', 'primary'],
      ['1', '暂停', 'Paused', 'danger'],
    ],
  },
  {
    type: 'sys_job_group',
    zh: '任务分组',
    en: 'Job group',
    entries: [
      ['DEFAULT', '默认', 'Default'],
      ['SYSTEM', '系统', 'System'],
    ],
  },
  {
    type: 'workflow_val_type',
    zh: '校验器类型',
    en: 'Validator type',
    entries: [
      ['Equals', '等于', 'Equals'],
      ['NotEquals', '不等于', 'Not equals'],
      ['FileNotExist', '文件不存在', 'File does not exist'],
      ['JsonKeyNotEmpty', 'JSON 键非空', 'JSON key not empty'],
      ['WithIn', '属于其中之一', 'Within'],
      ['JsonKeyExists', 'JSON 键存在', 'JSON keys exist'],
    ],
  },
  {
    type: 'workflow_agent_type',
    zh: '智能体类型',
    en: 'Agent type',
    entries: [
      ['Agent', '智能体', 'Agent', 'primary'],
      ['Branch', '分支', 'Branch', 'warning'],
      ['Function', '函数', 'Function', 'info'],
      ['Human', '人工', 'Human', 'success'],
    ],
  },
  {
    type: 'workflow_status',
    zh: '工作流状态',
    en: 'Workflow status',
    entries: [
      ['0', '开发中', 'In development', 'info'],
      ['1', '测试中', 'Testing', 'warning'],
      ['2', '已上线', 'Online', 'success'],
      ['3', '已暂停', 'Paused', 'danger'],
      ['4', '未上线', 'Not online', 'info'],
    ],
  },
  {
    type: 'mission_status',
    zh: '任务状态',
    en: 'Task status',
    entries: [
      ['0', '未开始', 'Not started', 'info'],
      ['1', '进行中', 'In progress', 'primary'],
      ['2', '已完成', 'Completed', 'success'],
      ['3', '已停止', 'Stopped', 'warning'],
      ['4', '需要用户输入', 'User input required', 'warning'],
      ['5', '错误中断', 'Error interrupted', 'danger'],
      ['6', '已暂停', 'Paused', 'info'],
    ],
  },
  {
    type: 'mission_chat_status',
    zh: '对话任务状态',
    en: 'Task state in chat',
    entries: [
      ['waiting_input', '等待用户输入', 'Waiting for user input', 'warning'],
      ['error', '错误中断', 'Error interrupted', 'danger'],
      ['computing', '计算中', 'Computing', 'primary'],
      ['waiting_review', '等待管理员审核', 'Waiting for admin review', 'info'],
      ['waiting_confirm', '等待管理员确认', 'Waiting for admin confirmation', 'info'],
    ],
  },
  {
    type: 'agent_run_status',
    zh: '智能体运行状态',
    en: 'Agent run status',
    entries: [
      ['running', '运行中', 'Running', 'primary'],
      ['success', '成功', 'Success', 'success'],
      ['failed', '失败', 'Failed', 'danger'],
    ],
  },
  {
    type: 'recharge_order_status',
    zh: '充值订单状态',
    en: 'Recharge order status',
    entries: [
      ['0', '待支付', 'Pending payment', 'warning'],
      ['1', '待审核', 'Pending verification', 'info'],
      ['2', '已完成', 'Completed', 'success'],
      ['3', '已取消', 'Cancelled', 'danger'],
    ],
  },
  {
    type: 'recharge_order_type',
    zh: '充值类型',
    en: 'Recharge type',
    entries: [
      ['0', '自助', 'Self'],
      ['1', '系统', 'System'],
      ['2', '管理员', 'Administrator'],
    ],
  },
  {
    type: 'invoice_status',
    zh: '发票状态',
    en: 'Invoice status',
    entries: [
      ['0', '未开票', 'Not invoiced', 'info'],
      ['1', '待开票', 'Awaiting invoice', 'warning'],
      ['2', '已开票', 'Invoiced', 'success'],
    ],
  },
  {
    type: 'link_status',
    zh: '邀请链接状态',
    en: 'Invitation link status',
    entries: [
      ['1', '启用', 'Enabled', 'success'],
      ['0', '停用', 'Disabled', 'danger'],
    ],
  },
  {
    type: 'real_name_status',
    zh: '实名认证状态',
    en: 'Real-name authentication',
    entries: [
      ['0', '未认证', 'Unauthenticated', 'info'],
      ['1', '已认证', 'Authenticated', 'success'],
    ],
  },
];
