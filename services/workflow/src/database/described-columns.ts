import { Column } from 'typeorm';

import { AuditColumns } from './audit-columns';

/** Name and description in zh and en, and an instruction: the columns agents and skills share. */
export abstract class DescribedColumns extends AuditColumns {
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'name_en', type: 'varchar', length: 100, default: '' })
  nameEn!: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  description!: string;

  @Column({ name: 'description_en', type: 'varchar', length: 1000, default: '' })
  descriptionEn!: string;

  @Column({ type: 'text' })
  instruction!: string;
}
