import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** create_by / create_time / update_by / update_time / remark, carried by most system tables. */
export abstract class AuditColumns {
  @Column({ name: 'create_by', type: 'varchar', length: 64, default: '' })
  createBy!: string;

  @CreateDateColumn({ name: 'create_time', type: 'datetime', precision: 3 })
  createTime!: Date;

  @Column({ name: 'update_by', type: 'varchar', length: 64, default: '' })
  updateBy!: string;

  @UpdateDateColumn({ name: 'update_time', type: 'datetime', precision: 3, nullable: true })
  updateTime!: Date | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  remark!: string | null;
}
