import type {
  ConfigView,
  DictDataView,
  DictTypeView,
  JobView,
  LoginLogView,
  OperLogView,
  PostView,
  RoleView,
  UserView,
} from '@platform/contracts';

import type { Column } from './xlsx';

const col = <T>(key: string, zh: string, en: string, width?: number): Column<T> => ({
  key,
  label: { zh, en },
  width,
});

/** Columns of the user import template and of the rows an import reads. */
export const USER_IMPORT_COLUMNS: Column<Record<string, unknown>>[] = [
  col('userName', '用户名称', 'User name'),
  col('nickName', '用户昵称', 'Nickname'),
  col('email', '用户邮箱', 'Email', 26),
  col('qu', '区号', 'Area code', 10),
  col('phonenumber', '手机号码', 'Phone number'),
  col('sex', '用户性别(0男 1女 2未知)', 'Gender (0 male, 1 female, 2 unknown)', 24),
  col('status', '帐号状态(0正常 1停用)', 'Status (0 normal, 1 disabled)', 24),
  col('deptId', '部门编号', 'Department ID', 12),
];

export const USER_EXPORT_COLUMNS: Column<UserView>[] = [
  col('userId', '用户编号', 'User ID', 10),
  col('userName', '用户名称', 'User name'),
  col('nickName', '用户昵称', 'Nickname'),
  col('deptName', '部门名称', 'Department'),
  col('companyName', '企业名称', 'Company'),
  col('email', '用户邮箱', 'Email', 26),
  col('qu', '区号', 'Area code', 10),
  col('phonenumber', '手机号码', 'Phone number'),
  col('sex', '用户性别', 'Gender', 10),
  col('status', '帐号状态', 'Status', 10),
  col('loginIp', '最后登录IP', 'Last sign-in IP'),
  col('loginDate', '最后登录时间', 'Last sign-in', 24),
  col('createTime', '创建时间', 'Created', 24),
];

export const ROLE_EXPORT_COLUMNS: Column<RoleView>[] = [
  col('roleId', '角色序号', 'Role ID', 10),
  col('roleName', '角色名称', 'Role name'),
  col('roleNameEn', '英文名称', 'Role name (English)'),
  col('roleKey', '角色权限', 'Role key'),
  col('roleSort', '角色排序', 'Order', 10),
  col('dataScope', '数据范围', 'Data scope', 10),
  col('status', '角色状态', 'Status', 10),
  col('createTime', '创建时间', 'Created', 24),
];

export const POST_EXPORT_COLUMNS: Column<PostView>[] = [
  col('postId', '岗位序号', 'Post ID', 10),
  col('postCode', '岗位编码', 'Post code'),
  col('postName', '岗位名称', 'Post name'),
  col('postSort', '岗位排序', 'Order', 10),
  col('status', '状态', 'Status', 10),
];

export const DICT_TYPE_EXPORT_COLUMNS: Column<DictTypeView>[] = [
  col('dictId', '字典主键', 'Dictionary ID', 10),
  col('dictName', '字典名称', 'Dictionary name'),
  col('dictNameEn', '英文名称', 'Name (English)'),
  col('dictType', '字典类型', 'Dictionary type', 24),
  col('status', '状态', 'Status', 10),
];

export const DICT_DATA_EXPORT_COLUMNS: Column<DictDataView>[] = [
  col('dictCode', '字典编码', 'Entry ID', 10),
  col('dictSort', '字典排序', 'Order', 10),
  col('dictLabelZh', '字典标签', 'Label (Chinese)'),
  col('dictLabelEn', '英文标签', 'Label (English)'),
  col('dictValue', '字典键值', 'Value'),
  col('dictType', '字典类型', 'Dictionary type', 24),
  col('isDefault', '是否默认', 'Default', 10),
  col('status', '状态', 'Status', 10),
];

export const CONFIG_EXPORT_COLUMNS: Column<ConfigView>[] = [
  col('configId', '参数主键', 'Parameter ID', 10),
  col('configName', '参数名称', 'Parameter name', 28),
  col('configKey', '参数键名', 'Parameter key', 28),
  col('configValue', '参数键值', 'Value', 20),
  col('configType', '系统内置', 'Built in', 10),
];

export const JOB_EXPORT_COLUMNS: Column<JobView>[] = [
  col('jobId', '任务序号', 'Job ID', 10),
  col('jobName', '任务名称', 'Job name'),
  col('jobGroup', '任务组名', 'Group'),
  col('handler', '任务处理器', 'Handler', 22),
  col('params', '参数', 'Parameters'),
  col('cronExpression', '执行表达式', 'Cron expression'),
  col('misfirePolicy', '计划策略', 'Misfire policy', 10),
  col('concurrent', '并发执行', 'Concurrent', 10),
  col('status', '任务状态', 'Status', 10),
];

export const OPER_LOG_EXPORT_COLUMNS: Column<OperLogView>[] = [
  col('operId', '操作序号', 'Log ID', 10),
  col('title', '操作模块', 'Module'),
  col('businessType', '业务类型', 'Type', 10),
  col('method', '请求方法', 'Handler', 30),
  col('requestMethod', '请求方式', 'HTTP method', 10),
  col('operName', '操作人员', 'Operator'),
  col('deptName', '部门名称', 'Department'),
  col('operUrl', '请求地址', 'URL', 30),
  col('operIp', '操作地址', 'IP'),
  col('operParam', '请求参数', 'Parameters', 40),
  col('jsonResult', '返回参数', 'Result', 40),
  col('status', '状态', 'Status', 8),
  col('errorMsg', '错误消息', 'Error', 30),
  col('operTime', '操作时间', 'Time', 24),
  col('costTime', '消耗时间(毫秒)', 'Duration (ms)', 12),
];

export const LOGIN_LOG_EXPORT_COLUMNS: Column<LoginLogView>[] = [
  col('infoId', '序号', 'Log ID', 10),
  col('userName', '用户账号', 'Account'),
  col('status', '登录状态', 'Status', 10),
  col('ipaddr', '登录地址', 'IP'),
  col('browser', '浏览器', 'Browser'),
  col('os', '操作系统', 'OS'),
  col('msg', '提示消息', 'Message', 30),
  col('loginTime', '访问时间', 'Time', 24),
];
