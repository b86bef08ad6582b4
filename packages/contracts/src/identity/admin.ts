import type { BilingualText } from '../common/language';

// Constants and response shapes of the administration console (issue 4), shared by identity, the
// gateway and the web pages.

/** Data scope levels of a role: all, custom departments, own department, department and below, self. */
export const DATA_SCOPES = {
  all: '1',
  custom: '2',
  dept: '3',
  deptAndBelow: '4',
  self: '5',
} as const;
export type DataScopeLevel = (typeof DATA_SCOPES)[keyof typeof DATA_SCOPES];
export const DATA_SCOPE_LEVELS = Object.values(DATA_SCOPES);

/** '0' normal, '1' disabled (dictionary sys_normal_disable). */
export const STATUS_VALUES = ['0', '1'] as const;
export type StatusValue = (typeof STATUS_VALUES)[number];
export const SEX_VALUES = ['0', '1', '2'] as const;
export const MENU_TYPES = ['M', 'C', 'F'] as const;
export type MenuTypeValue = (typeof MENU_TYPES)[number];

/** Sort fields each list accepts (`orderByColumn`); anything else is refused by validation. */
export const SORT_FIELDS = {
  user: ['userId', 'userName', 'nickName', 'createTime', 'loginDate', 'status'],
  role: ['roleId', 'roleSort', 'roleKey', 'createTime'],
  post: ['postId', 'postSort', 'postCode', 'createTime'],
  dictType: ['dictId', 'dictType', 'createTime'],
  dictData: ['dictCode', 'dictSort', 'createTime'],
  config: ['configId', 'configKey', 'createTime'],
  notice: ['noticeId', 'createTime'],
  richText: ['id', 'createTime'],
  company: ['companyId', 'createTime', 'userCount'],
  operLog: ['operId', 'operTime', 'costTime', 'operName'],
  loginLog: ['infoId', 'loginTime', 'userName'],
  job: ['jobId', 'jobName', 'createTime'],
  jobLog: ['jobLogId', 'createTime'],
} as const;

/** Operation types of the operation log (dictionary sys_oper_type). */
export const BUSINESS_TYPES = {
  other: 0,
  insert: 1,
  update: 2,
  delete: 3,
  grant: 4,
  export: 5,
  import: 6,
  force: 7,
  clean: 9,
} as const;
export type BusinessType = (typeof BUSINESS_TYPES)[keyof typeof BUSINESS_TYPES];

/** Scheduled jobs: what happens to a run that was due while the scheduler could not start it. */
export const MISFIRE_POLICIES = {
  /** Run it as soon as it can be started (default). */
  fireNow: '1',
  /** Run once now for all the missed runs together, also when the job is resumed. */
  fireOnce: '2',
  /** Skip it; the next run is the next on-time one. */
  doNothing: '3',
} as const;
export type MisfirePolicy = (typeof MISFIRE_POLICIES)[keyof typeof MISFIRE_POLICIES];
export const MISFIRE_POLICY_VALUES = Object.values(MISFIRE_POLICIES);
/** '0' concurrent runs allowed, '1' forbidden (a run due while one is running is skipped). */
export const CONCURRENT_VALUES = ['0', '1'] as const;

/** Uploads (spec §5, §9): at most 5 MB; extensions each endpoint accepts. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_MB = 5;
/**
 * System parameter: how many MB of files (chat attachments, mission files) one user may keep; an
 * upload past it is refused (upload.quota_exceeded). 0 or less: no limit.
 */
export const UPLOAD_QUOTA_CONFIG_KEY = 'sys.upload.user_quota_mb';
/** The quota when the parameter is unset or not a number. */
export const UPLOAD_QUOTA_DEFAULT_MB = 200;
/**
 * System parameter: while 'true', only administrators work; every other signed-in call is refused with
 * the maintenance notice (sys.maintenance, spec §8 "Maintenance notice tells users to contact support").
 */
export const MAINTENANCE_CONFIG_KEY = 'sys.maintenance.enabled';
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg'] as const;
export const RICH_TEXT_IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'svg'] as const;
export const FILE_EXTENSIONS = [
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'svg',
] as const;
/** Rich text editor (spec §9). */
export const RICH_TEXT_EDITOR = { height: 300, debounceMs: 250 } as const;
/** Largest number of rows one .xlsx import may hold. */
export const IMPORT_MAX_ROWS = 5000;

/** The super administrator role, which cannot be changed or deleted. */
export const ADMIN_ROLE_ID = 1;
/** The root department of a fresh database. */
export const ROOT_DEPT_ID = 100;

export interface TreeNode {
  id: number;
  label: string;
  labelEn?: string;
  disabled?: boolean;
  children?: TreeNode[];
}

export interface UserView {
  userId: number;
  deptId: number | null;
  deptName: string | null;
  /** The department's English name (empty when it has none). */
  deptNameEn?: string | null;
  companyId: number | null;
  companyName: string | null;
  userName: string;
  nickName: string;
  email: string | null;
  qu: string | null;
  phonenumber: string | null;
  sex: string;
  avatar: string;
  status: StatusValue;
  loginIp: string;
  loginDate: string | null;
  createTime: string;
  remark: string | null;
  admin: boolean;
}

export interface RoleView {
  roleId: number;
  roleName: string;
  roleNameEn: string;
  roleKey: string;
  roleSort: number;
  dataScope: DataScopeLevel;
  menuCheckStrictly: boolean;
  deptCheckStrictly: boolean;
  status: StatusValue;
  createTime: string;
  remark: string | null;
  /** In a user's role list: whether the user holds it. */
  flag?: boolean;
  admin: boolean;
}

export interface PostView {
  postId: number;
  postCode: string;
  postName: string;
  postNameEn: string;
  postSort: number;
  status: StatusValue;
  createTime: string;
  remark: string | null;
}

export interface UserDetailView {
  user: UserView | null;
  roles: RoleView[];
  posts: PostView[];
  roleIds: number[];
  postIds: number[];
}

export interface ProfileView {
  user: UserView & { pagesize: number | null; tour: number };
  roleGroup: string;
  postGroup: string;
}

export interface MenuView {
  menuId: number;
  menuName: string;
  menuNameEn: string;
  parentId: number;
  orderNum: number;
  path: string;
  component: string | null;
  query: string | null;
  routeName: string;
  isFrame: '0' | '1';
  isCache: '0' | '1';
  menuType: MenuTypeValue;
  visible: StatusValue;
  status: StatusValue;
  perms: string | null;
  icon: string;
  createTime: string;
}

export interface DeptView {
  deptId: number;
  parentId: number;
  ancestors: string;
  deptName: string;
  deptNameEn: string;
  orderNum: number;
  leader: string;
  /** The head as a user (null: none picked). */
  leaderUserId: number | null;
  phone: string;
  email: string;
  status: StatusValue;
  createTime: string;
}

export interface DictTypeView {
  dictId: number;
  dictName: string;
  dictNameEn: string;
  dictType: string;
  /** '0' a flat list, '1' a tree dictionary (entries have parents). */
  dictKind: '0' | '1';
  status: StatusValue;
  createTime: string;
  remark: string | null;
}

export interface DictDataView {
  dictCode: number;
  parentCode: number;
  dictSort: number;
  /** The label in the request's language. */
  dictLabel: string;
  dictLabelZh: string;
  dictLabelEn: string;
  dictValue: string;
  dictType: string;
  cssClass: string;
  listClass: string;
  isDefault: 'Y' | 'N';
  status: StatusValue;
  createTime: string;
  remark: string | null;
  children?: DictDataView[];
}

export interface ConfigView {
  configId: number;
  configName: string;
  configNameEn: string;
  configKey: string;
  configValue: string;
  configType: 'Y' | 'N';
  createTime: string;
  remark: string | null;
}

export interface NoticeView {
  noticeId: number;
  noticeTitle: string;
  noticeType: '1' | '2';
  /** Sanitised HTML. */
  noticeContent: string;
  status: StatusValue;
  createBy: string;
  createTime: string;
  readCount?: number;
  read?: boolean;
}

export interface RichTextView {
  id: number;
  name: string;
  /** Sanitised HTML. */
  content: string;
  createBy: string;
  createTime: string;
  updateTime: string | null;
}

export interface CompanyView {
  companyId: number;
  companyName: string;
  companyCode: string;
  logo: string;
  contactPerson: string;
  contactName: string;
  contactPhone: string;
  deptId: number | null;
  status: StatusValue;
  /** Number of registered users of the company. */
  userCount: number;
  /** Registration time. */
  createTime: string;
  remark: string | null;
}

export interface OperLogView {
  operId: number;
  title: string;
  titleEn: string;
  businessType: number;
  method: string;
  requestMethod: string;
  operName: string;
  deptName: string;
  operUrl: string;
  operIp: string;
  operParam: string;
  jsonResult: string;
  status: 0 | 1;
  errorMsg: string;
  operTime: string;
  costTime: number;
}

/** What the gateway sends for one write (the operation-log event). */
export interface OperLogRecord {
  /** The request id: writing the same entry twice (a retried job) keeps one row. */
  requestId: string;
  title: string;
  titleEn: string;
  businessType: number;
  method: string;
  requestMethod: string;
  operName: string;
  operUserId: number | null;
  deptId: number | null;
  operUrl: string;
  operIp: string;
  operParam: string;
  jsonResult: string;
  status: 0 | 1;
  errorMsg: string;
  costTime: number;
}

export interface LoginLogView {
  infoId: number;
  userName: string;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  status: '0' | '1';
  /** Rendered in the request's language. */
  msg: string;
  loginTime: string;
}

export interface OnlineView {
  tokenId: string;
  userName: string;
  nickName: string;
  deptName: string;
  ipaddr: string;
  loginLocation: string;
  browser: string;
  os: string;
  loginTime: number;
  expireTime: number;
}

export interface JobView {
  jobId: number;
  jobName: string;
  jobGroup: string;
  handler: string;
  params: string;
  cronExpression: string;
  misfirePolicy: MisfirePolicy;
  concurrent: '0' | '1';
  status: StatusValue;
  nextValidTime: string | null;
  createTime: string;
  remark: string | null;
}

export interface JobLogView {
  jobLogId: number;
  jobId: number;
  jobName: string;
  jobGroup: string;
  handler: string;
  params: string;
  jobMessage: string;
  /** '0' success, '1' failure, '2' skipped (misfire or a concurrent run). */
  status: '0' | '1' | '2';
  exceptionInfo: string;
  startTime: string;
  stopTime: string | null;
  createTime: string;
}

export interface JobHandlerView {
  name: string;
  description: BilingualText;
  /** What the parameter string means, empty when the handler takes none. */
  paramsHint: BilingualText;
}

export interface CacheInfoView {
  info: Record<string, string>;
  dbSize: number;
  commandStats: { name: string; value: number }[];
}

export interface CacheNameView {
  cacheName: string;
  remark: BilingualText;
  keyCount: number;
}

export interface CacheValueView {
  cacheName: string;
  cacheKey: string;
  type: string;
  ttlSeconds: number;
  cacheValue: string;
}

export interface ServerInfoView {
  service: string;
  status: 'UP' | 'DOWN';
  host?: string;
  pid?: number;
  nodeVersion?: string;
  uptimeSeconds?: number;
  cpu?: { cores: number; model: string; loadAverage: number[]; processPercent: number };
  memory?: { totalBytes: number; freeBytes: number; usedBytes: number };
  heap?: { usedBytes: number; totalBytes: number; rssBytes: number; limitBytes: number };
  disks?: { path: string; totalBytes: number; freeBytes: number; usedBytes: number }[];
}

export interface ImportResultView {
  created: number;
  updated: number;
  failed: { row: number; userName: string; reason: string }[];
  message: string;
}

/** Cache categories of the cache monitor: key prefix and what it holds. */
export const CACHE_NAMES: { cacheName: string; remark: BilingualText }[] = [
  { cacheName: 'login_tokens', remark: { zh: '用户会话', en: 'Sessions' } },
  { cacheName: 'user_sessions', remark: { zh: '用户会话索引', en: 'Sessions per user' } },
  { cacheName: 'sys_config', remark: { zh: '配置信息', en: 'Parameters' } },
  { cacheName: 'sys_dict', remark: { zh: '数据字典', en: 'Dictionaries' } },
  { cacheName: 'captcha_codes', remark: { zh: '验证码', en: 'CAPTCHA answers' } },
  { cacheName: 'repeat_submit', remark: { zh: '防重提交', en: 'Duplicate-submit guard' } },
  { cacheName: 'pwd_err_cnt', remark: { zh: '密码错误次数', en: 'Wrong-password counters' } },
];
/** Categories the "clear all" action empties: caches that are rebuilt on demand, not sessions. */
export const CLEARABLE_CACHES = ['sys_config', 'sys_dict', 'captcha_codes', 'repeat_submit'];
