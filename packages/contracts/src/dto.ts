// Decorated request classes (class-validator). Not exported from the package index so the web bundle,
// which needs only the rules and types, stays free of the decorator libraries.
import 'reflect-metadata';

export * from './dto/admin/cache.dto';
export * from './dto/admin/companies.dto';
export * from './dto/admin/configs.dto';
export * from './dto/admin/depts.dto';
export * from './dto/admin/dicts.dto';
export * from './dto/admin/gen.dto';
export * from './dto/admin/jobs.dto';
export * from './dto/admin/logs.dto';
export * from './dto/admin/menus.dto';
export * from './dto/admin/notices.dto';
export * from './dto/admin/online.dto';
export * from './dto/admin/paging.dto';
export * from './dto/admin/posts.dto';
export * from './dto/admin/rich-text.dto';
export * from './dto/admin/roles.dto';
export * from './dto/admin/users.dto';
export * from './dto/antibody.dto';
export * from './dto/auth.dto';
export * from './dto/billing-mission.dto';
export * from './dto/chat.dto';
export * from './dto/common.dto';
export * from './dto/context.dto';
export * from './dto/decorators';
export * from './dto/mission.dto';
export * from './dto/notification.dto';
export * from './dto/order.dto';
export * from './dto/playground.dto';
export * from './dto/points.dto';
export * from './dto/realname.dto';
export * from './dto/workflow.dto';
