import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditColumns } from '../database/audit-columns';

/** A system parameter (spec "parameter settings"); `Y` marks a built-in one that cannot be deleted. */
@Entity('sys_config')
export class ConfigParam extends AuditColumns {
  @PrimaryGeneratedColumn({ name: 'config_id', type: 'bigint' })
  configId!: number;

  @Column({ name: 'config_name', type: 'varchar', length: 100 })
  configName!: string;

  @Column({ name: 'config_name_en', type: 'varchar', length: 100, default: '' })
  configNameEn!: string;

  @Index({ unique: true })
  @Column({ name: 'config_key', type: 'varchar', length: 100 })
  configKey!: string;

  @Column({ name: 'config_value', type: 'varchar', length: 500 })
  configValue!: string;

  @Column({ name: 'config_type', type: 'char', length: 1, default: 'N' })
  configType!: 'Y' | 'N';
}
