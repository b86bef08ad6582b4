import { registerPages } from '../../lib/page-registry';

// The console's screens by the server menu's component strings (seeded in identity) and by the app's
// own routes (/user/profile, /company/*, the permission-gated routes of spec §2). Each screen (or group
// of screens sharing a file) is one lazily loaded chunk.

const dict = () => import('./pages/DictPages');
const jobs = () => import('./pages/JobsPage');
const content = () => import('./pages/ContentPages');
const account = () => import('./pages/AccountPages');

registerPages({
  'system/user/index': () => import('./pages/UsersPage').then((m) => ({ default: m.UsersPage })),
  'system/role/index': () => import('./pages/RolesPage').then((m) => ({ default: m.RolesPage })),
  'system/notice/index': () =>
    import('./pages/NoticesPage').then((m) => ({ default: m.NoticesPage })),
  'system/menu/index': () => import('./pages/MenusPage').then((m) => ({ default: m.MenusPage })),
  'system/dept/index': () => import('./pages/DeptsPage').then((m) => ({ default: m.DeptsPage })),
  'system/post/index': () => import('./pages/PostsPage').then((m) => ({ default: m.PostsPage })),
  'system/dict/index': () => dict().then((m) => ({ default: m.DictTypesPage })),
  'system/dict/data': () => dict().then((m) => ({ default: m.DictDataPage })),
  'system/treedict/index': () => dict().then((m) => ({ default: m.TreeDictPage })),
  'tree/dict/type/data': () => dict().then((m) => ({ default: m.TreeDictDataPage })),
  'system/config/index': () =>
    import('./pages/ConfigsPage').then((m) => ({ default: m.ConfigsPage })),
  'monitor/operlog/index': () =>
    import('./pages/OperLogPage').then((m) => ({ default: m.OperLogPage })),
  'monitor/logininfor/index': () =>
    import('./pages/LoginLogPage').then((m) => ({ default: m.LoginLogPage })),
  'monitor/online/index': () =>
    import('./pages/OnlinePage').then((m) => ({ default: m.OnlinePage })),
  'monitor/job/index': () => jobs().then((m) => ({ default: m.JobsPage })),
  'monitor/job/log': () => jobs().then((m) => ({ default: m.JobLogPage })),
  'monitor/cache/index': () => import('./pages/CachePage').then((m) => ({ default: m.CachePage })),
  'monitor/server/index': () =>
    import('./pages/ServerPage').then((m) => ({ default: m.ServerPage })),
  'monitor/druid/index': () => import('./pages/DruidPage').then((m) => ({ default: m.DruidPage })),
  'tool/swagger/index': () =>
    import('./pages/SwaggerPage').then((m) => ({ default: m.SwaggerPage })),
  'wujie/company/index': () => content().then((m) => ({ default: m.CompaniesPage })),
  'company/create': () => content().then((m) => ({ default: m.CompanyCreatePage })),
  'company/info': () => content().then((m) => ({ default: m.CompanyInfoPage })),
  'wujie/richtext/index': () => content().then((m) => ({ default: m.RichTextPage })),
  'user/profile': () => account().then((m) => ({ default: m.ProfilePage })),
  'user/info': () => account().then((m) => ({ default: m.UserInfoPage })),
  'system/user/authRole': () => account().then((m) => ({ default: m.AuthRolePage })),
  'system/role/authUser': () => account().then((m) => ({ default: m.AuthUserPage })),
});
