import { LoginLog } from '../auth/login-log.entity';
import { Company } from '../companies/company.entity';
import { Dept } from '../depts/dept.entity';
import { DictData, DictType } from '../dicts/dict.entity';
import { EventOutbox } from '../events/event-outbox.entity';
import { Menu } from '../menus/menu.entity';
import { ConfigParam } from '../params/config.entity';
import { Role, RoleDept, RoleMenu, UserRole } from '../roles/role.entity';
import { User } from '../users/user.entity';
import { OutboxMessage } from '../verification/outbox.entity';

/** Every entity of the identity database. */
export const IDENTITY_ENTITIES = [
  User,
  Dept,
  Role,
  UserRole,
  RoleMenu,
  RoleDept,
  Menu,
  DictType,
  DictData,
  ConfigParam,
  Company,
  LoginLog,
  OutboxMessage,
  EventOutbox,
];
