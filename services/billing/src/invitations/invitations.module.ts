import { Module } from '@nestjs/common';

import { LedgerService } from '../ledger/ledger.service';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';

/** Abnormal invitations and billing's part of the admin user page. */
@Module({
  controllers: [InvitationsController],
  providers: [LedgerService, InvitationsService],
  exports: [InvitationsService],
})
export class InvitationsModule {}
