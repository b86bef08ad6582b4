import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditColumns } from '../database/audit-columns';
import type { StatusFlag } from '../users/user.entity';

@Entity('sys_dict_type')
export class DictType extends AuditColumns {
  @PrimaryGeneratedColumn({ name: 'dict_id', type: 'bigint' })
  dictId!: number;

  @Column({ name: 'dict_name', type: 'varchar', length: 100 })
  dictName!: string;

  @Column({ name: 'dict_name_en', type: 'varchar', length: 100, default: '' })
  dictNameEn!: string;

  @Index({ unique: true })
  @Column({ name: 'dict_type', type: 'varchar', length: 100 })
  dictType!: string;

  /** '0' a flat list, '1' a tree dictionary. */
  @Column({ name: 'dict_kind', type: 'char', length: 1, default: '0' })
  dictKind!: '0' | '1';

  @Column({ type: 'char', length: 1, default: '0' })
  status!: StatusFlag;
}

@Entity('sys_dict_data')
export class DictData extends AuditColumns {
  @PrimaryGeneratedColumn({ name: 'dict_code', type: 'bigint' })
  dictCode!: number;

  /** Parent entry of a tree dictionary (0 at the top). */
  @Column({ name: 'parent_code', type: 'bigint', default: 0 })
  parentCode!: number;

  @Column({ name: 'dict_sort', type: 'int', default: 0 })
  dictSort!: number;

  @Column({ name: 'dict_label', type: 'varchar', length: 100 })
  dictLabel!: string;

  @Column({ name: 'dict_label_en', type: 'varchar', length: 100, default: '' })
  dictLabelEn!: string;

  @Column({ name: 'dict_value', type: 'varchar', length: 100 })
  dictValue!: string;

  @Index()
  @Column({ name: 'dict_type', type: 'varchar', length: 100 })
  dictType!: string;

  @Column({ name: 'css_class', type: 'varchar', length: 100, default: '' })
  cssClass!: string;

  @Column({ name: 'list_class', type: 'varchar', length: 100, default: '' })
  listClass!: string;

  @Column({ name: 'is_default', type: 'char', length: 1, default: 'N' })
  isDefault!: 'Y' | 'N';

  @Column({ type: 'char', length: 1, default: '0' })
  status!: StatusFlag;
}
