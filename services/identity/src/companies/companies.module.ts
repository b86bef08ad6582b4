import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CommonModule } from '../common/common.module';
import { DataScopeModule } from '../datascope/data-scope.module';
import { CompaniesController } from './companies.controller';
import { CompaniesService } from './companies.service';
import { CompaniesAdminService } from './companies-admin.service';
import { Company } from './company.entity';

@Module({
  imports: [TypeOrmModule.forFeature([Company]), DataScopeModule, CommonModule],
  controllers: [CompaniesController],
  providers: [CompaniesService, CompaniesAdminService],
  exports: [CompaniesService],
})
export class CompaniesModule {}
