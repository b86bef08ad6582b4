import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Caller } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { callerOf, operatorName } from './sql';

/** Who is acting: the caller of a command and their user name for the audit columns. */
@Injectable()
export class Operators {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async of(command: { caller?: Caller }): Promise<{ caller: Caller; by: string }> {
    const caller = callerOf(command);
    return { caller, by: await operatorName(this.db, caller) };
  }
}
