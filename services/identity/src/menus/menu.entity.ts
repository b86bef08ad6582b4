import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditColumns } from '../database/audit-columns';
import type { StatusFlag } from '../users/user.entity';

/** M directory, C menu (a page), F button (a permission only). */
export type MenuType = 'M' | 'C' | 'F';

@Entity('sys_menu')
export class Menu extends AuditColumns {
  @PrimaryGeneratedColumn({ name: 'menu_id', type: 'bigint' })
  menuId!: number;

  @Column({ name: 'menu_name', type: 'varchar', length: 50 })
  menuName!: string;

  @Column({ name: 'menu_name_en', type: 'varchar', length: 100, default: '' })
  menuNameEn!: string;

  @Index()
  @Column({ name: 'parent_id', type: 'bigint', default: 0 })
  parentId!: number;

  @Column({ name: 'order_num', type: 'int', default: 0 })
  orderNum!: number;

  @Column({ type: 'varchar', length: 200, default: '' })
  path!: string;

  @Column({ type: 'varchar', length: 255, nullable: true })
  component!: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  query!: string | null;

  @Column({ name: 'route_name', type: 'varchar', length: 50, default: '' })
  routeName!: string;

  /** 0: external link, 1: an internal page. */
  @Column({ name: 'is_frame', type: 'tinyint', default: 1 })
  isFrame!: number;

  /** 0: cache the page (keep-alive), 1: do not. */
  @Column({ name: 'is_cache', type: 'tinyint', default: 0 })
  isCache!: number;

  @Column({ name: 'menu_type', type: 'char', length: 1 })
  menuType!: MenuType;

  /** '0' shown, '1' hidden from the menu (the route still exists). */
  @Column({ type: 'char', length: 1, default: '0' })
  visible!: StatusFlag;

  @Column({ type: 'char', length: 1, default: '0' })
  status!: StatusFlag;

  @Column({ type: 'varchar', length: 100, nullable: true })
  perms!: string | null;

  @Column({ type: 'varchar', length: 100, default: '#' })
  icon!: string;
}
