import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError } from '@platform/contracts';
import type { Repository } from 'typeorm';

import { Company } from './company.entity';

@Injectable()
export class CompaniesService {
  constructor(@InjectRepository(Company) private readonly companies: Repository<Company>) {}

  /** The active company with this code, or "Unrecognized company code". */
  async requireByCode(code: string): Promise<Company> {
    const company = await this.companies.findOne({
      where: { companyCode: code.trim(), status: '0', delFlag: '0' },
    });
    if (!company) throw new DomainError('company.unrecognized_code');
    return company;
  }
}
