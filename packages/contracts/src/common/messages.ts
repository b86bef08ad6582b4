import { BILLING_MESSAGES } from '../billing/messages';
import { MISSION_BILLING_MESSAGES } from '../billing/mission-messages';
import { ORDER_MESSAGES } from '../billing/order-messages';
import { REALNAME_MESSAGES } from '../identity/realname';
import { NOTIFICATION_MESSAGES } from '../notification/messages';
import { AGENT_MESSAGES } from '../workflow/agent-messages';
import { CHAT_MESSAGES } from '../workflow/chat-messages';
import { WORKFLOW_MESSAGES } from '../workflow/messages';
import { MISSION_MESSAGES } from '../workflow/mission-messages';
import { PLAYGROUND_MESSAGES } from '../workflow/playground-messages';
import type { Language } from './language';
import { fillPlaceholders, REQUEST_MESSAGES } from './request-messages';

/**
 * Every message the server can show a user, in both languages. Services throw an ErrorCode with
 * params; the gateway renders it in the request's language. `{name}` placeholders are filled from params.
 */
export const MESSAGES = {
  ...REQUEST_MESSAGES,
  'common.success': { zh: '操作成功', en: 'Operation succeeded' },
  'http.outcome_unknown': {
    zh: '等待服务答复超时，操作结果未知；请稍后查看，或用同一幂等键重试',
    en: 'Timed out waiting for the service: the outcome is unknown; check later, or retry with the same Idempotency-Key',
  },
  'request.idempotency_in_progress': {
    zh: '使用同一幂等键的请求仍在处理中，请稍后重试',
    en: 'A request with the same Idempotency-Key is still being processed, please try again shortly',
  },
  'request.idempotency_mismatch': {
    zh: '该幂等键已用于内容不同的另一个请求，不能复用',
    en: 'This Idempotency-Key was already used for a different request and cannot be reused',
  },
  'request.idempotency_key_invalid': {
    zh: '幂等键无效（须为 1 到 255 个可见 ASCII 字符）',
    en: 'Invalid Idempotency-Key (1 to 255 visible ASCII characters)',
  },
  'auth.unknown_account': {
    zh: '账号不存在，请先注册',
    en: 'Unknown account, please register first',
  },
  'auth.bad_credentials': { zh: '用户名或密码错误', en: 'Incorrect account or password' },
  'auth.account_locked': {
    zh: '密码输入错误{count}次，帐户锁定{minutes}分钟',
    en: 'Wrong password entered {count} times, the account is locked for {minutes} minutes',
  },
  'auth.account_disabled': {
    zh: '对不起，您的账号已停用',
    en: 'Sorry, your account has been disabled',
  },
  'auth.captcha_invalid': { zh: '验证码错误', en: 'CAPTCHA verification failed' },
  'auth.captcha_expired': { zh: '验证码已失效', en: 'The CAPTCHA has expired' },
  'auth.session_invalid': {
    zh: '无效的会话，或者会话已过期，请重新登录。',
    en: 'Invalid session or session expired, please re-login',
  },
  'auth.ip_blocked': {
    zh: '很遗憾，访问IP已被列入系统黑名单',
    en: 'Sorry, your IP address has been blocked',
  },
  'auth.too_many_requests': {
    zh: '请求过于频繁，请{seconds}秒后再试',
    en: 'Too many requests, please try again in {seconds} seconds',
  },
  'auth.logout_success': { zh: '退出成功', en: 'Signed out' },
  'auth.login_success': { zh: '登录成功', en: 'Signed in' },
  'auth.register_success': { zh: '注册成功', en: 'Registration succeeded' },
  'auth.password_reset': { zh: '密码已重置，请重新登录', en: 'Password reset, please sign in' },
  'request.too_large': {
    zh: '请求内容过大（上限 {limit}）',
    en: 'The request is too large (limit {limit})',
  },
  'request.malformed': {
    zh: '请求内容格式错误，无法解析',
    en: 'The request body is malformed and cannot be parsed',
  },
  'request.too_deep': {
    zh: '请求内容嵌套过深（最多 {limit} 层）',
    en: 'The request body is nested too deeply (at most {limit} levels)',
  },
  'request.invalid_text': {
    zh: '请求中含有无效字符（空字符或无效的 UTF-8 编码）',
    en: 'The request contains invalid characters (a NUL character or invalid UTF-8)',
  },
  'validation.unsafe_link': {
    zh: '链接只能是 http(s) 地址或站内路径（以 / 开头）',
    en: 'A link must be an http(s) address or an in-app path (starting with /)',
  },
  'company.unrecognized_code': { zh: '无法识别的企业代码', en: 'Unrecognized company code' },
  'code.sent': { zh: '验证码已发送', en: 'Verification code sent' },
  'code.resend_wait': {
    zh: '验证码已发送，请{seconds}秒后再试',
    en: 'A code was just sent, please try again in {seconds} seconds',
  },
  'code.ip_limit': {
    zh: '验证码发送过于频繁，请稍后再试',
    en: 'Too many verification codes requested, please try again later',
  },
  'code.invalid': {
    zh: '验证码错误或已失效',
    en: 'The verification code is incorrect or has expired',
  },
  'code.too_many_attempts': {
    zh: '验证码错误次数过多，请重新获取',
    en: 'Too many wrong attempts, please request a new code',
  },
  'code.not_verified': {
    zh: '请先完成验证码校验',
    en: 'Please verify the code first',
  },
  'code.sender_unavailable': {
    zh: '验证码发送服务未配置，请联系客服',
    en: 'The code delivery service is not configured, please contact support',
  },
  'user.phone_taken': { zh: '该手机号已注册', en: 'This phone number is already registered' },
  'user.email_taken': { zh: '该邮箱已注册', en: 'This email is already registered' },
  'user.username_taken': { zh: '该用户名已存在', en: 'This user name already exists' },
  'user.not_found': { zh: '用户不存在', en: 'User does not exist' },
  'user.same_phone': {
    zh: '新手机号不能与当前手机号相同',
    en: 'The new phone number must differ from the current one',
  },
  'user.same_email': {
    zh: '新邮箱不能与当前邮箱相同',
    en: 'The new email must differ from the current one',
  },
  'password.rule': {
    zh: '密码长度为8-32位，须包含数字、大写字母、小写字母和特殊字符，且不能包含空格',
    en: 'Password must be 8 to 32 characters with digits, upper case, lower case and special characters, and no spaces',
  },
  'password.mismatch': { zh: '两次输入的密码不一致', en: 'Passwords do not match' },
  'password.old_wrong': { zh: '修改密码失败，旧密码错误', en: 'Old password is incorrect' },
  'password.same_as_old': {
    zh: '新密码不能与旧密码相同',
    en: 'The new password must differ from the old one',
  },
  'validation.required': { zh: '{field}不能为空', en: '{field} cannot be empty' },
  'validation.max_length': {
    zh: '长度不能超过{length}个字符',
    en: 'Length should not exceed {length} characters',
  },
  'validation.invalid': { zh: '{field}格式不正确', en: '{field} is invalid' },
  'validation.identifier': {
    zh: '邮箱或手机号格式错误',
    en: 'Email or phone number format error',
  },
  'validation.phone': { zh: '手机号格式不正确', en: 'Phone number format is incorrect' },
  'validation.email': { zh: '邮箱格式不正确', en: 'Email format is incorrect' },
  'validation.unknown_field': {
    zh: '不支持的字段：{field}',
    en: 'Unsupported field: {field}',
  },
  'antibody.structure_not_configured': {
    zh: '未配置结构预测服务（STRUCTURE_PREDICTOR_URL），请联系管理员',
    en: 'The structure predictor is not configured (STRUCTURE_PREDICTOR_URL), please contact the administrator',
  },
  'engine.cockpit_unavailable': {
    zh: '流程运维（Cockpit）未启用：平台未连接 Operaton 引擎（ENGINE_URL、ENGINE_PROXY_SECRET），请联系管理员',
    en: 'Engine operations (Cockpit) are not available: the platform is not connected to an Operaton engine (ENGINE_URL, ENGINE_PROXY_SECRET), please contact the administrator',
  },
  'engine.webapp_sign_in': {
    zh: '请登录平台，从菜单“流程运维 (Cockpit)”打开',
    en: 'Sign in to the platform and open it from the menu "Engine operations (Cockpit)"',
  },
  // The antibody toolkit's errors carry their own zh/en text; the gateway fills in the one asked for.
  'antibody.toolkit_error': { zh: '{message}', en: '{message}' },
  'health.ok': { zh: '服务正常', en: 'All services are healthy' },
  'health.degraded': { zh: '部分服务异常', en: 'Some services are unhealthy' },
  'datascope.denied': {
    zh: '没有权限访问该数据',
    en: 'You have no permission to access this data',
  },
  'user.username_rule': {
    zh: '用户名须为2到30位字母、数字或 _ . @ -',
    en: 'The user name must be 2 to 30 letters, digits or _ . @ -',
  },
  'user.cannot_touch_admin': {
    zh: '不允许操作超级管理员用户',
    en: 'The super administrator cannot be changed here',
  },
  'user.cannot_delete_self': { zh: '当前用户不能删除', en: 'You cannot delete yourself' },
  'user.cannot_drop_own_admin': {
    zh: '不能移除自己的管理员角色',
    en: 'You cannot remove your own administrator role',
  },
  'user.cannot_disable_self': { zh: '不能停用当前用户', en: 'You cannot disable yourself' },
  'role.not_found': { zh: '角色不存在', en: 'Role does not exist' },
  'role.name_taken': { zh: '角色名称已存在', en: 'This role name already exists' },
  'role.key_taken': { zh: '角色权限字符已存在', en: 'This role key already exists' },
  'role.cannot_touch_admin': {
    zh: '不允许操作超级管理员角色',
    en: 'The administrator role cannot be changed',
  },
  'role.builtin': {
    zh: '内置角色不能删除',
    en: 'A built-in role cannot be deleted',
  },
  'role.admin_grant_denied': {
    zh: '只有管理员才能分配管理员角色',
    en: 'Only an administrator can grant the administrator role',
  },
  'role.in_use': {
    zh: '{name}已分配,不能删除',
    en: '{name} is assigned to users and cannot be deleted',
  },
  'menu.not_found': { zh: '菜单不存在', en: 'Menu does not exist' },
  'menu.name_taken': { zh: '菜单名称已存在', en: 'A menu with this name already exists here' },
  'menu.link_rule': {
    zh: '地址必须以http(s)://开头',
    en: 'An external link must start with http:// or https://',
  },
  'menu.parent_self': {
    zh: '上级菜单不能选择自己',
    en: 'A menu cannot be its own parent',
  },
  'menu.has_children': {
    zh: '存在子菜单,不允许删除',
    en: 'The menu has sub-menus and cannot be deleted',
  },
  'menu.assigned': {
    zh: '菜单已分配,不允许删除',
    en: 'The menu is granted to roles and cannot be deleted',
  },
  'menu.perms_unknown': {
    zh: '权限字符必须是平台权限目录中的权限',
    en: "A permission string must be one of the platform's catalogued permissions",
  },
  'menu.perms_admin_only': {
    zh: '只有超级管理员才能修改菜单的权限字符',
    en: "Only the super administrator can change a menu's permission string",
  },
  'grant.menus_not_held': {
    zh: '不能授予自己没有的菜单或权限',
    en: 'You cannot grant menus or permissions you do not hold yourself',
  },
  'grant.scope_too_wide': {
    zh: '不能授予比自己更大的数据权限',
    en: 'You cannot grant a data scope wider than your own',
  },
  'grant.role_too_wide': {
    zh: '不能分配权限或数据范围超出自己的角色',
    en: 'You cannot assign a role whose permissions or data scope exceed your own',
  },
  'grant.holders_out_of_scope': {
    zh: '该角色已分配给您数据权限以外的用户,不能修改其授权',
    en: 'This role is held by users outside your data scope; you cannot change its grants',
  },
  'grant.own_roles': {
    zh: '不能修改自己的角色',
    en: 'You cannot change your own roles',
  },
  'grant.own_role': {
    zh: '不能修改自己所属角色的授权',
    en: 'You cannot change the grants of a role you hold',
  },
  'dept.not_found': { zh: '部门不存在', en: 'Department does not exist' },
  'dept.name_taken': {
    zh: '部门名称已存在',
    en: 'A department with this name already exists here',
  },
  'dept.leader_not_found': {
    zh: '部门负责人必须是一个启用的用户',
    en: "The department's head must be an enabled user",
  },
  'dept.parent_self': {
    zh: '上级部门不能是自己或下级部门',
    en: 'A department cannot be placed under itself or its sub-departments',
  },
  'dept.parent_disabled': {
    zh: '部门停用，不允许新增',
    en: 'The parent department is disabled',
  },
  'dept.has_children': {
    zh: '存在下级部门,不允许删除',
    en: 'The department has sub-departments and cannot be deleted',
  },
  'dept.has_users': {
    zh: '部门存在用户,不允许删除',
    en: 'The department has users and cannot be deleted',
  },
  'dept.children_enabled': {
    zh: '该部门包含未停用的子部门！',
    en: 'The department has sub-departments that are not disabled',
  },
  'gen.not_found': { zh: '生成表不存在', en: 'This generator table does not exist' },
  'gen.record_not_found': { zh: '记录不存在', en: 'This record does not exist' },
  'gen.table_missing': {
    zh: '服务 {service} 的数据库中没有表 {table}',
    en: 'The database of service {service} has no table {table}',
  },
  'gen.table_imported': { zh: '表 {table} 已导入', en: 'Table {table} is imported already' },
  'gen.service_down': {
    zh: '服务 {service} 未应答',
    en: 'Service {service} did not answer',
  },
  'post.not_found': { zh: '岗位不存在', en: 'Post does not exist' },
  'post.code_taken': { zh: '岗位编码已存在', en: 'This post code already exists' },
  'post.name_taken': { zh: '岗位名称已存在', en: 'This post name already exists' },
  'post.in_use': {
    zh: '{name}已分配,不能删除',
    en: '{name} is assigned to users and cannot be deleted',
  },
  'dict.not_found': { zh: '字典不存在', en: 'Dictionary does not exist' },
  'dict.type_taken': { zh: '字典类型已存在', en: 'This dictionary type already exists' },
  'dict.type_rule': {
    zh: '字典类型须以小写字母开头，只能包含小写字母、数字和下划线',
    en: 'A dictionary type starts with a lower-case letter and holds only lower-case letters, digits and _',
  },
  'dict.in_use': {
    zh: '{name}已分配,不能删除',
    en: '{name} has entries and cannot be deleted',
  },
  'dict.value_taken': {
    zh: '该字典已有相同的键值',
    en: 'This dictionary already has an entry with this value',
  },
  'dict.parent_invalid': {
    zh: '上级字典项无效',
    en: 'The parent entry is not in this dictionary',
  },
  'config.not_found': { zh: '参数不存在', en: 'Parameter does not exist' },
  'config.key_taken': { zh: '参数键名已存在', en: 'This parameter key already exists' },
  'config.builtin': {
    zh: '内置参数【{key}】不能删除',
    en: 'The built-in parameter {key} cannot be deleted',
  },
  'notice.not_found': { zh: '公告不存在', en: 'Notice does not exist' },
  'richtext.not_found': { zh: '富文本不存在', en: 'Rich text item does not exist' },
  'company.not_found': { zh: '企业不存在', en: 'Company does not exist' },
  'company.code_taken': { zh: '企业代码已存在', en: 'This company code already exists' },
  'company.code_rule': {
    zh: '企业代码须为2到32位字母、数字、_ 或 -',
    en: 'A company code is 2 to 32 letters, digits, _ or -',
  },
  'company.has_users': {
    zh: '企业存在用户,不允许删除',
    en: 'The company has users and cannot be deleted',
  },
  'job.not_found': { zh: '任务不存在', en: 'Job does not exist' },
  'job.unknown_handler': {
    zh: '未知的任务处理器',
    en: 'Unknown job handler',
  },
  'job.cron_invalid': { zh: 'Cron表达式不正确', en: 'The cron expression is not valid' },
  'job.interval_too_short': {
    zh: '任务执行间隔不能小于{seconds}秒',
    en: 'A job cannot run more often than once every {seconds} seconds',
  },
  'job.run_queued': { zh: '任务已提交执行', en: 'The job has been queued to run' },
  'online.not_found': { zh: '会话不存在或已过期', en: 'The session does not exist or has expired' },
  'cache.unknown_name': { zh: '未知的缓存名称', en: 'Unknown cache name' },
  'import.empty': { zh: '导入用户数据不能为空！', en: 'The file holds no user rows' },
  'import.too_many_rows': {
    zh: '一次最多导入{max}行',
    en: 'At most {max} rows can be imported at once',
  },
  'import.bad_file': {
    zh: '无法读取文件，请使用导入模板（.xlsx）',
    en: 'The file cannot be read; please use the import template (.xlsx)',
  },
  'import.done': {
    zh: '导入完成：新增 {created} 条，更新 {updated} 条，失败 {failed} 条',
    en: 'Import finished: {created} created, {updated} updated, {failed} failed',
  },
  'import.user_exists': { zh: '账号已存在', en: 'The account already exists' },
  'upload.too_large': {
    zh: '上传文件大小不能超过 {size} MB!',
    en: 'Upload file size cannot exceed {size} MB!',
  },
  'upload.bad_type': {
    zh: '文件格式不正确，请上传{types}格式文件!',
    en: 'Incorrect file format, please upload {types} files!',
  },
  'upload.image_type': { zh: '图片格式错误!', en: 'Image format error!' },
  'upload.failed': {
    zh: '文件上传失败，请重试',
    en: 'File upload failed, please try again',
  },
  'upload.no_file': { zh: '请选择要上传的文件', en: 'Please choose a file to upload' },
  'sys.maintenance': {
    zh: '系统维护中，暂时无法使用，请联系客服',
    en: 'The system is under maintenance, please contact support',
  },
  'upload.quota_exceeded': {
    zh: '上传失败：您的文件空间已用 {used} MB，上限为 {quota} MB',
    en: 'Upload refused: your files take {used} MB of your {quota} MB storage',
  },
  'upload.bad_path': {
    zh: '文件“{name}”的路径无效，只能提交您自己上传的文件',
    en: 'The file path "{name}" is not valid; only files you uploaded can be submitted',
  },
  'download.not_found': {
    zh: '文件不存在或不允许下载',
    en: 'The file does not exist or may not be downloaded',
  },
  'oper.other': { zh: '其他', en: 'Other' },
  ...WORKFLOW_MESSAGES,
  ...MISSION_MESSAGES,
  ...AGENT_MESSAGES,
  ...CHAT_MESSAGES,
  ...PLAYGROUND_MESSAGES,
  ...BILLING_MESSAGES,
  ...ORDER_MESSAGES,
  ...MISSION_BILLING_MESSAGES,
  ...NOTIFICATION_MESSAGES,
  ...REALNAME_MESSAGES,
} as const satisfies Record<string, Record<Language, string>>;

export type MessageKey = keyof typeof MESSAGES;

export type MessageParams = Record<string, string | number>;

/** Renders a message in a language, filling `{name}` placeholders. Unknown keys render as the key. */
export function renderMessage(key: string, lang: Language, params: MessageParams = {}): string {
  const entry = (MESSAGES as Record<string, Record<Language, string>>)[key];
  return fillPlaceholders(entry ? entry[lang] : key, params);
}

export function isMessageKey(key: string): key is MessageKey {
  return key in MESSAGES;
}
